import Testing

@testable import Wiring

/// A container without a `shared` instance: app code reaches it through some variable.
private final class ToolContainer: ManagedContainer {
  let manager = ContainerManager()
}

extension Container {
  fileprivate var promisedStore: Factory<Service> { promised() }
  fileprivate var promisedStoreUser: Factory<Service> {
    self { Service(name: "user of \(self.promisedStore().name)") }
  }
  fileprivate var promisedStoreCachedUser: Factory<Service> {
    self { Service(name: "user of \(self.promisedStore().name)") }.cached
  }
  fileprivate var promisedAvatar: ParameterFactory<Int, Service> { promised() }
  fileprivate var promisedGraphStore: Factory<Service> { promised().graph }
  fileprivate var plainStore: Factory<Service> { self { Service(name: "plain") } }
}

extension ToolContainer {
  fileprivate var promisedClock: Factory<Service> { promised() }
}

@Suite struct PromisedTests {
  @Test func registeredPromiseResolvesToTheRegisteredInstance() {
    let container = Container()
    let fixture = Service(name: "fixture store")
    container.promisedStore.register { fixture }
    #expect(container.promisedStore() === fixture)
    #expect(container.promisedStoreUser().name == "user of fixture store")
  }

  @Test func unregisteredPromiseIsReportedWithItsNameAndHowToRegisterIt() throws {
    let container = Container()
    let outcome = catchResolutionFailure { container.promisedStore() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == ["Container.promisedStore"])
    #expect(failure.description.contains("Container.promisedStore is promised"))
    #expect(failure.description.contains("Container.shared.promisedStore.register { … }"))
  }

  /// Where the lock-free path would build the declaration, a promise with nothing registered
  /// goes to the lock, which reports it; its stand-in builder never runs.
  @Test(arguments: [false, true])
  func unregisteredPromiseIsReportedInAContainerThatResolvesLockFree(graph: Bool) throws {
    let container = Container()
    _ = container.plainStore()
    #expect(container.manager.index.isReady, "the container still takes the lock: proves nothing")
    let outcome = StrictMonitor.$isUnwatched.withValue(true) {
      catchResolutionFailure { graph ? container.promisedGraphStore() : container.promisedStore() }
    }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == [graph ? "Container.promisedGraphStore" : "Container.promisedStore"])
  }

  @Test func unregisteredPromiseNamesTheFactoriesThatNeededIt() throws {
    let container = Container()
    let outcome = catchResolutionFailure { container.promisedStoreUser() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == ["Container.promisedStoreUser", "Container.promisedStore"])
    #expect(
      failure.description.contains(
        "(while resolving Container.promisedStoreUser → Container.promisedStore)"))
  }

  @Test func promiseIsMissingAgainAfterTheContainerIsReset() throws {
    let container = Container()
    container.promisedStore.register { Service(name: "fixture store") }
    #expect(container.promisedStore().name == "fixture store")
    container.manager.reset()
    let outcome = catchResolutionFailure { container.promisedStore() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
  }

  @Test
  func cachedFactoryResolvesOnceItsMissingPromiseIsRegistered() throws {
    let container = Container()
    let failed = catchResolutionFailure { container.promisedStoreCachedUser() }
    #expect(throws: ResolutionFailure.self) { try failed.get() }
    container.promisedStore.register { Service(name: "late store") }
    let retried = catchResolutionFailure { container.promisedStoreCachedUser() }
    let user = try retried.get()
    #expect(user.name == "user of late store")
  }

  @Test func registeredPromisedParameterFactoryBuildsFromItsParameter() {
    let container = Container()
    container.promisedAvatar.register { Service(name: "avatar \($0)") }
    #expect(container.promisedAvatar(3).name == "avatar 3")
  }

  @Test func unregisteredPromisedParameterFactoryIsReported() throws {
    let container = Container()
    let outcome = catchResolutionFailure { container.promisedAvatar(3) }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.description.contains("Container.promisedAvatar is promised"))
    #expect(failure.description.contains("Container.shared.promisedAvatar.register { … }"))
  }

  @Test func promiseOnAContainerWithoutSharedSaysToRegisterOnTheContainer() throws {
    let container = ToolContainer()
    let outcome = catchResolutionFailure { container.promisedClock() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.description.contains("ToolContainer.promisedClock is promised"))
    #expect(failure.description.contains("container.promisedClock.register { … }"))
  }
}
