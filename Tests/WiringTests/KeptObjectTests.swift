import Testing

@testable import Wiring

private struct Settings: Sendable, Equatable {
  let name: String
}

private protocol KeptGreeter: AnyObject, Sendable {}
private final class EnglishKeptGreeter: KeptGreeter {}

extension Container {
  fileprivate var keptService: Factory<Service> {
    Factory(self, key: "keptObjectTests.shared") { Service(name: "sync") }.cached
  }
  fileprivate var keptServiceAsync: AsyncFactory<Service> {
    AsyncFactory(self, key: "keptObjectTests.shared") { Service(name: "async") }.cached
  }
  fileprivate var keptSettings: Factory<Settings> { self { Settings(name: "kept") }.cached }
  fileprivate var keptKeptGreeter: Factory<any KeptGreeter> { self { EnglishKeptGreeter() }.cached }
  fileprivate var keptOptional: Factory<Service?> { self { Service(name: "optional") }.cached }
  fileprivate var keptPerArgument: ParameterFactory<Int, Service> {
    self { Service(name: "argument \($0)") }.scopeOnParameters.cached
  }
}

/// How a container holds what it keeps: a class instance as itself, with no box to allocate and
/// no box type to make per factory, anything else in a `Box<T>`.
@Suite struct KeptObjectTests {
  /// The object the container keeps for `factory`'s key.
  private func kept<T>(_ factory: Factory<T>, in container: Container) -> AnyObject? {
    container.manager.registry.withLock { registry in
      registry.slots.slot(for: factory.registration.key)?.instance?.box
    }
  }

  @Test func aClassInstanceIsKeptAsItself() {
    let container = Container()
    let service = container.keptService()
    #expect(kept(container.keptService, in: container) === service)
    #expect(container.keptService() === service)
  }

  @Test func aValueAnExistentialAndAnOptionalAreKeptInABox() {
    let container = Container()
    #expect(container.keptSettings() == Settings(name: "kept"))
    #expect(kept(container.keptSettings, in: container) is Box<Settings>)
    #expect(container.keptSettings() == Settings(name: "kept"))
    let greeter = container.keptKeptGreeter()
    #expect(kept(container.keptKeptGreeter, in: container) is Box<any KeptGreeter>)
    #expect(container.keptKeptGreeter() === greeter)
    let optional = container.keptOptional()
    #expect(kept(container.keptOptional, in: container) is Box<Service?>)
    #expect(container.keptOptional() === optional)
  }

  @Test func aKeptInstanceReadsTheSameWithAndWithoutTheLock() {
    let container = Container()
    let service = container.keptService()
    // The second resolution takes the published object with no lock; a container with a default
    // scope takes every resolution under its lock.
    #expect(container.keptService() === service)
    container.manager.defaultScope = .cached
    #expect(container.keptService() === service)
  }

  @Test func aClassInstanceKeptPerArgumentComesBackForItsArgument() {
    let container = Container()
    let first = container.keptPerArgument(1)
    #expect(container.keptPerArgument(1) === first)
    #expect(container.keptPerArgument(2) !== first)
    #expect(container.keptPerArgument(2).name == "argument 2")
  }

  @Test func synchronousAndAsyncFactoriesSharingAKeyReadEachOthersInstance() async {
    let container = Container()
    let built = container.keptService()
    #expect(await container.keptServiceAsync() === built)
    container.keptService.reset()
    let builtAsync = await container.keptServiceAsync()
    #expect(builtAsync.name == "async")
    #expect(container.keptService() === builtAsync)
  }
}
