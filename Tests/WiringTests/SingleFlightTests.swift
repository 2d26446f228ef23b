import Foundation
import Testing
import Wiring

/// Holds `instance` until the test is done, so `.shared` has something to reuse.
private let sharedHolder = Mutexed<[Service]>([])

extension Container {
  fileprivate func slow(_ scope: Scope, _ counter: Counter) -> Factory<Service> {
    Factory(self, key: "slow") {
      counter.increment()
      Thread.sleep(forTimeInterval: 0.05)
      return Service()
    }.scope(scope)
  }
}

extension Container {
  /// `key` apart for each test: the singletons' cases share a process-wide instance by key.
  fileprivate func held(
    _ scope: Scope, _ gate: FirstBuildGate, key: StaticString = "held"
  ) -> Factory<Service> {
    Factory(self, key: key) {
      gate.holdTheFirstBuild()
      return Service(name: "declared")
    }.scope(scope)
  }

  fileprivate func heldForOne(_ gate: FirstBuildGate) -> ParameterFactory<Int, Service> {
    ParameterFactory(self, key: "heldForOne") { argument in
      if argument == 1 { gate.holdTheFirstBuild() }
      return Service(name: "built for \(argument)")
    }.cached.scopeOnParameters
  }
}

/// Holds the first build it sees until the test lets it go; later builds pass.
private final class FirstBuildGate: Sendable {
  private let isFirst = Mutexed(true)
  private let started = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)

  func holdTheFirstBuild() {
    let wasFirst = isFirst.update { first in
      let was = first
      first = false
      return was
    }
    guard wasFirst else { return }
    started.signal()
    released.wait()
  }

  /// Runs `resolve` on a thread of its own, and `change` while that thread's build is held;
  /// then lets the build finish and returns what the thread resolved.
  func resolve(
    _ resolve: @escaping @Sendable () -> Service, overtakenBy change: () -> Void
  ) throws -> Service {
    let resolved = Mutexed<Service?>(nil)
    let returned = DispatchSemaphore(value: 0)
    Thread {
      let service = resolve()
      resolved.update { $0 = service }
      returned.signal()
    }.start()
    try #require(started.wait(timeout: .now() + .seconds(30)) == .success, "no build started")
    change()
    released.signal()
    returned.wait()
    return try #require(resolved.read { $0 })
  }
}

/// What changes a factory while its first build is in flight: its own `register` or `reset`,
/// or the whole container's `reset()`, or a `pop()` of a state saved before the build began.
enum Overtaking: String, CaseIterable, Sendable {
  case register, reset, resetContainer, pop

  /// Whether it reaches a process-wide singleton, which no container's reset or pop drops.
  var reachesSingletons: Bool { self == .register || self == .reset }

  /// What comes before the build starts.
  func prepare(_ container: Container) {
    if self == .pop { container.manager.push() }
  }

  func apply(to factory: Factory<Service>, in container: Container) {
    switch self {
    case .register: factory.register { Service(name: "registered") }
    case .reset: factory.reset()
    case .resetContainer: container.manager.reset()
    case .pop: container.manager.pop()
    }
  }
}

@Suite struct SingleFlightTests {
  static let keptScopes: [Scope] = [
    .cached, .singleton, .shared, .timeToLive(60), .custom("session"),
  ]

  @Test(arguments: keptScopes)
  func slowInitializerRunsExactlyOnceWhenThreadsRace(scope: Scope) {
    let container = Container()
    let counter = Counter()
    defer { container.manager.reset(scope: scope) }
    let seen = Mutexed<[ObjectIdentifier]>([])
    onThreads(16) { _ in
      let service = container.slow(scope, counter)()
      sharedHolder.update { $0.append(service) }
      seen.update { $0.append(ObjectIdentifier(service)) }
    }
    #expect(counter.value == 1)
    #expect(Set(seen.read { $0 }).count == 1)
  }

  @Test(arguments: keptScopes)
  func slowInitializerRunsExactlyOnceWhenTasksRace(scope: Scope) async {
    let container = Container()
    let counter = Counter()
    defer { container.manager.reset(scope: scope) }
    let seen = Mutexed<[ObjectIdentifier]>([])
    await inTasks(16) { _ in
      let service = container.slow(scope, counter)()
      sharedHolder.update { $0.append(service) }
      seen.update { $0.append(ObjectIdentifier(service)) }
    }
    #expect(counter.value == 1)
    #expect(Set(seen.read { $0 }).count == 1)
  }

  /// A build that a `register`, a `reset` or a `pop` overtook goes to the caller that asked for
  /// it, but is not kept: the next resolution builds from what the container holds now. One
  /// case at a time: the singletons' cases share a process-wide instance.
  @Test(.serialized, arguments: keptScopes, Overtaking.allCases)
  func aBuildThatARegistrationResetOrPopOvertookIsNotKept(
    scope: Scope, change: Overtaking
  ) throws {
    let container = Container()
    defer { container.manager.reset(scope: scope) }
    let gate = FirstBuildGate()
    change.prepare(container)
    let overtaken = try gate.resolve({ container.held(scope, gate)() }) {
      change.apply(to: container.held(scope, gate), in: container)
    }
    #expect(overtaken.name == "declared")
    let next = container.held(scope, gate)()
    if scope == .singleton, !change.reachesSingletons {
      #expect(next === overtaken, "a container's \(change) dropped a process-wide singleton")
    } else {
      #expect(next !== overtaken)
    }
    #expect(next.name == (change == .register ? "registered" : "declared"))
  }

  /// Each kept scope with each change, but a process-wide singleton with a change that leaves
  /// it alone: a resolution after such a change rightly waits for the build in flight.
  static let changesThatOvertakeTheBuild: [(Scope, Overtaking)] = keptScopes.flatMap { scope in
    Overtaking.allCases.filter { scope != .singleton || $0.reachesSingletons }.map { (scope, $0) }
  }

  /// A resolution after a `register`, a `reset` or a `pop` builds from what the container holds
  /// now: it does not wait for the build that the change overtook, which is still held.
  @Test(.serialized, arguments: changesThatOvertakeTheBuild)
  func aResolutionAfterTheChangeDoesNotWaitForTheOvertakenBuild(
    scope: Scope, change: Overtaking
  ) throws {
    let container = Container()
    let gate = FirstBuildGate()
    let key: StaticString = "heldWhileAnotherResolves"
    // Its own key only: resetting every singleton would drop those of the test above.
    defer { container.held(scope, gate, key: key).reset(.scope) }
    change.prepare(container)
    let after = Mutexed<Service?>(nil)
    let returned = DispatchSemaphore(value: 0)
    var waitedForTheHeldBuild = false
    _ = try gate.resolve({ container.held(scope, gate, key: key)() }) {
      change.apply(to: container.held(scope, gate, key: key), in: container)
      Thread {
        let service = container.held(scope, gate, key: key)()
        after.update { $0 = service }
        returned.signal()
      }.start()
      waitedForTheHeldBuild = returned.wait(timeout: .now() + .seconds(10)) == .timedOut
    }
    if waitedForTheHeldBuild { returned.wait() }
    #expect(!waitedForTheHeldBuild, "the resolution after the \(change) waited for the held build")
    #expect(after.read { $0 }?.name == (change == .register ? "registered" : "declared"))
  }

  /// A build with a registered builder that `reset(.registration)` removed goes to its caller
  /// but is not kept, and a resolution after the reset neither waits for it nor gets it: it
  /// builds the declaration, as every later resolution does.
  @Test(.serialized, arguments: keptScopes)
  func aBuildWhoseRegistrationAResetRemovedIsNotKept(scope: Scope) throws {
    let container = Container()
    let gate = FirstBuildGate()
    let key: StaticString = "heldRegistration"
    let factory: @Sendable () -> Factory<Service> = { container.held(scope, gate, key: key) }
    defer { factory().reset(.scope) }
    factory().register {
      gate.holdTheFirstBuild()
      return Service(name: "registered")
    }
    let after = Mutexed<Service?>(nil)
    let returned = DispatchSemaphore(value: 0)
    var waitedForTheHeldBuild = false
    let overtaken = try gate.resolve({ factory()() }) {
      factory().reset(.registration)
      Thread {
        let service = factory()()
        after.update { $0 = service }
        returned.signal()
      }.start()
      waitedForTheHeldBuild = returned.wait(timeout: .now() + .seconds(10)) == .timedOut
    }
    if waitedForTheHeldBuild { returned.wait() }
    #expect(overtaken.name == "registered")
    #expect(!waitedForTheHeldBuild, "the resolution after the reset waited for the held build")
    #expect(after.read { $0 }?.name == "declared")
    #expect(factory()().name == "declared")
  }

  /// A build for one argument that started after a `push` is not kept in the state that the
  /// `pop` restores, nor found there without the lock.
  @Test func aPerArgumentBuildThatAPopOvertookIsNotKept() throws {
    let container = Container()
    let gate = FirstBuildGate()
    // Another argument's instance, so that the restored state has per-argument slots.
    _ = container.heldForOne(gate)(2)
    container.manager.push()
    let overtaken = try gate.resolve({ container.heldForOne(gate)(1) }) {
      container.manager.pop()
    }
    #expect(container.heldForOne(gate)(1) !== overtaken)
  }

  /// An argument's build with a registered builder that `reset(.registration)` removed is not
  /// kept for that argument.
  @Test func aPerArgumentBuildWhoseRegistrationAResetRemovedIsNotKept() throws {
    let container = Container()
    let gate = FirstBuildGate()
    container.heldForOne(gate).register { argument in
      gate.holdTheFirstBuild()
      return Service(name: "registered for \(argument)")
    }
    let overtaken = try gate.resolve({ container.heldForOne(gate)(1) }) {
      container.heldForOne(gate).reset(.registration)
    }
    #expect(overtaken.name == "registered for 1")
    #expect(container.heldForOne(gate)(1).name == "built for 1")
  }

  @Test func uniqueScopeBuildsForEveryCaller() {
    let container = Container()
    let counter = Counter()
    onThreads(8) { _ in _ = container.slow(.unique, counter)() }
    #expect(counter.value == 8)
  }
}
