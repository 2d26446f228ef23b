import Foundation
import Testing

@testable import Wiring

extension Container {
  fileprivate func perID(
    _ scope: Scope, key: StaticString, runs: Counter = Counter()
  ) -> ParameterFactory<Int, Service> {
    ParameterFactory(self, key: key) { id in
      runs.increment()
      return Service(name: "live \(id)")
    }.scope(scope).scopeOnParameters
  }

  fileprivate var sharedKeyByID: ParameterFactory<Int, Service> {
    ParameterFactory(self, key: "keptPerParameter.sharedKey") { Service(name: "int \($0)") }
      .cached.scopeOnParameters
  }

  fileprivate var sharedKeyByName: ParameterFactory<String, Service> {
    ParameterFactory(self, key: "keptPerParameter.sharedKey") { Service(name: "string \($0)") }
      .cached.scopeOnParameters
  }
}

/// Instances a `scopeOnParameters` factory keeps are found without the container's lock, and
/// go away with every reset and registration as the locked path's do.
@Suite struct KeptPerParameterTests {
  /// Resolves with `resolve` on another thread while the container's lock is held; nil when it
  /// did not finish in time, as it would not if it needed the lock.
  private func resolvedWhileLocked(
    _ container: Container, _ resolve: @escaping @Sendable () -> [Service]
  ) -> [Service]? {
    let result = Mutexed<[Service]?>(nil)
    let done = DispatchSemaphore(value: 0)
    let finished = container.manager.registry.withLock { _ in
      Thread {
        let services = resolve()
        result.update { $0 = services }
        done.signal()
      }.start()
      return done.wait(timeout: .now() + 10) == .success
    }
    if !finished { done.wait() }
    return finished ? result.read { $0 } : nil
  }

  @Test(arguments: [Scope.cached, .custom("keptPerParameter"), .singleton])
  func aKeptInstanceIsFoundWhileTheContainersLockIsHeld(scope: Scope) {
    let container = Container()
    let key: StaticString =
      switch scope.kind {
      case .singleton: "keptPerParameter.lockHeld.singleton"
      case .custom: "keptPerParameter.lockHeld.custom"
      default: "keptPerParameter.lockHeld.cached"
      }
    let one = container.perID(scope, key: key)(1)
    let found = resolvedWhileLocked(container) { [container.perID(scope, key: key)(1)] }
    #expect(found?.first === one)
    if scope.kind == .singleton { container.perID(scope, key: key).reset(.scope) }
  }

  @Test func anOverridesKeptInstanceIsFoundWhileTheContainersLockIsHeld() {
    let container = Container()
    let factory = container.perID(.cached, key: "keptPerParameter.amendment")
    factory.register { Service(name: "fake \($0)") }
    let one = factory(1)
    let found = resolvedWhileLocked(container) {
      [container.perID(.cached, key: "keptPerParameter.amendment")(1)]
    }
    #expect(one.name == "fake 1")
    #expect(found?.first === one)
  }

  @Test func manyParametersEachKeepOneInstanceFoundWithoutTheLock() {
    let container = Container()
    let runs = Counter()
    let factory = container.perID(.cached, key: "keptPerParameter.many", runs: runs)
    let kept = (0..<300).map { factory($0) }
    let found = resolvedWhileLocked(container) {
      (0..<300).map { container.perID(.cached, key: "keptPerParameter.many")($0) }
    }
    #expect(runs.value == 300)
    #expect(found?.count == 300)
    #expect(zip(kept, found ?? []).allSatisfy { $0 === $1 })
  }

  @Test func registeringAfterAnInstanceWasKeptBuildsWithTheNewBuilder() {
    let container = Container()
    let factory = container.perID(.cached, key: "keptPerParameter.register")
    let live = factory(1)
    #expect(factory(1) === live)
    factory.register { Service(name: "fake \($0)") }
    #expect(factory(1).name == "fake 1")
    factory.reset()
    #expect(factory(1).name == "live 1")
    #expect(factory(1) !== live)
  }

  /// Resolves through the overload for any parameter type, as generic code that does not know
  /// the type is `Hashable` does.
  private func resolvedWithoutHashable<P>(
    _ factory: ParameterFactory<P, Service>, _ parameter: P
  ) -> Service {
    factory(parameter)
  }

  @Test func genericCodeThatDoesNotKnowHashableFindsTheSameInstances() {
    let container = Container()
    let runs = Counter()
    let factory = container.perID(.cached, key: "keptPerParameter.generic", runs: runs)
    let hashed = factory(1)
    #expect(resolvedWithoutHashable(factory, 1) === hashed)
    let generic = resolvedWithoutHashable(factory, 2)
    #expect(factory(2) === generic)
    #expect(runs.value == 2)
  }

  @Test func genericCodeFindsAKeptInstanceWhileTheContainersLockIsHeld() {
    let container = Container()
    let generic = resolvedWithoutHashable(
      container.perID(.cached, key: "keptPerParameter.genericLocked"), 2)
    let found = resolvedWhileLocked(container) {
      [resolvedWithoutHashable(container.perID(.cached, key: "keptPerParameter.genericLocked"), 2)]
    }
    #expect(found?.first === generic)
  }

  /// Regression: a per-argument table was once made and dropped while still holding retained
  /// entries, so the instances outlived a reset and their container.
  @Test func keptInstancesGoWithAResetAndWithTheirContainer() {
    var container: Container? = Container()
    weak let first = container?.perID(.cached, key: "keptPerParameter.freed")(1)
    #expect(first != nil)
    container?.perID(.cached, key: "keptPerParameter.freed").reset()
    #expect(first == nil)
    weak let second = container?.perID(.cached, key: "keptPerParameter.freed")(2)
    weak let third = container?.perID(.cached, key: "keptPerParameter.freed")(3)
    #expect(second != nil && third != nil)
    container = nil
    #expect(second == nil)
    #expect(third == nil)
  }

  @Test func theHashableOverloadCanBePassedAsAFunction() {
    let container = Container()
    let factory = container.perID(.cached, key: "keptPerParameter.function")
    let resolve: (Int) -> Service = factory.callAsFunction
    let services = [1, 2, 1].map(factory.callAsFunction)
    #expect(services[0] === services[2])
    #expect(services[0] !== services[1])
    #expect(resolve(2) === services[1])
  }

  @Test func factoriesThatShareAKeyWithDifferentParameterTypesBuildTheirOwn() {
    let container = Container()
    for round in 0..<3 {
      #expect(container.sharedKeyByID(round).name == "int \(round)")
      #expect(container.sharedKeyByName("\(round)").name == "string \(round)")
      #expect(container.sharedKeyByID(round).name == "int \(round)")
    }
  }
}
