import Testing
import Wiring

/// A container that fulfils its promise in `autoRegister` and counts how often that ran.
///
/// `Container` itself cannot conform in tests without changing every other suite.
private final class AppContainer: SharedContainer, AutoRegistering {
  @TaskLocal static var shared = AppContainer()
  let manager = ContainerManager()
  let autoRegistrations = Counter()
  init() {}

  func autoRegister() {
    autoRegistrations.increment()
    appStore.register { Service(name: "auto-registered store") }
    appCachedStore.register { Service(name: "auto-registered cached store") }
  }
}

/// A container whose `autoRegister` resolves one of its own factories.
private final class WarmingContainer: ManagedContainer, AutoRegistering {
  let manager = ContainerManager()
  let warmed = InstanceLog()

  func autoRegister() {
    warmingClock.register { Service(name: "auto-registered clock") }
    warmed.record(warmingClock())
  }
}

/// A container class that auto-registers, and a subclass that inherits the conformance.
private class BaseAutoContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
  // NB: `@unchecked` only because the class is not final; its stored properties are constants.
  let manager = ContainerManager()
  let autoRegistrations = Counter()

  func autoRegister() {
    autoRegistrations.increment()
    inheritedStore.register { Service(name: "auto-registered by the base class") }
  }
}

private final class DerivedAutoContainer: BaseAutoContainer, @unchecked Sendable {}

extension BaseAutoContainer {
  fileprivate var inheritedStore: Factory<Service> { promised() }
}

extension AppContainer {
  fileprivate var appStore: Factory<Service> { promised() }
  fileprivate var appClock: Factory<Service> { self { Service(name: "declared clock") } }
  fileprivate var appCachedStore: Factory<Service> {
    self { Service(name: "declared cached store") }.cached
  }
}

extension WarmingContainer {
  fileprivate var warmingClock: Factory<Service> { self { Service(name: "declared") }.cached }
}

@Suite struct AutoRegistrationTests {
  @Test func autoRegisterRunsOnceBeforeTheFirstResolution() {
    let container = AppContainer()
    #expect(container.autoRegistrations.value == 0)
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.autoRegistrations.value == 1)
    #expect(container.appClock().name == "declared clock")
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.autoRegistrations.value == 1)
  }

  @Test func aSubclassRunsTheAutoRegistrationItInherits() {
    let container = DerivedAutoContainer()
    #expect(container.inheritedStore().name == "auto-registered by the base class")
    #expect(container.autoRegistrations.value == 1)
  }

  @Test func autoRegisterRunsBeforeARegistrationSoItCannotOverwriteIt() {
    let container = AppContainer()
    container.appStore.register { Service(name: "test store") }
    #expect(container.autoRegistrations.value == 1)
    #expect(container.appStore().name == "test store")
    #expect(container.autoRegistrations.value == 1)
  }

  /// A factory's reset runs auto-registration first, as a registration does, so that the
  /// registration it resets is not made again at the next resolution.
  @Test func autoRegisterRunsBeforeAFactoryResetSoItCannotUndoIt() {
    let container = AppContainer()
    container.appCachedStore.reset(.registration)
    #expect(container.autoRegistrations.value == 1)
    #expect(container.appCachedStore().name == "declared cached store")
    #expect(container.autoRegistrations.value == 1)
  }

  @Test func autoRegisterRunsAgainAfterTheManagerIsReset() {
    let container = AppContainer()
    container.appStore.register { Service(name: "test store") }
    container.manager.reset()
    #expect(container.autoRegistrations.value == 1)
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.autoRegistrations.value == 2)
  }

  /// As in Factory, resetting registrations keeps what they built, and auto-registration, run
  /// again, registers without dropping it.
  @Test func autoRegistrationRunAgainKeepsWhatItsRegistrationsBuilt() {
    let container = AppContainer()
    let kept = container.appCachedStore()
    #expect(kept.name == "auto-registered cached store")
    container.manager.reset(options: .registration)
    #expect(container.appCachedStore() === kept)
    #expect(container.autoRegistrations.value == 2)
    #expect(container.manager.dump().instances.map(\.detail) == ["Service [cached]"])
    container.manager.reset(options: .scope)
    #expect(container.appCachedStore() !== kept)
  }

  @Test func autoRegisterRunsForEachContainerInstance() {
    let one = AppContainer()
    let other = AppContainer()
    _ = one.appClock()
    #expect(one.autoRegistrations.value == 1)
    #expect(other.autoRegistrations.value == 0)
    #expect(other.appStore().name == "auto-registered store")
    #expect(other.autoRegistrations.value == 1)
  }

  @Test func poppingToAStateSavedBeforeAutoRegistrationRunsItAgain() {
    let container = AppContainer()
    container.manager.push()
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.manager.pop())
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.autoRegistrations.value == 2)
  }

  @Test func poppingToAStateSavedAfterAutoRegistrationDoesNotRunItAgain() {
    let container = AppContainer()
    _ = container.appClock()
    container.manager.push()
    container.appStore.register { Service(name: "test store") }
    #expect(container.manager.pop())
    #expect(container.appStore().name == "auto-registered store")
    #expect(container.autoRegistrations.value == 1)
  }

  // The limit counts the time a test waits for a thread of the test pool too, which took close
  // to two minutes in a loaded sanitizer run.
  @Test(.timeLimit(.minutes(5)))
  func autoRegisterMayResolveTheContainersOwnFactories() {
    let container = WarmingContainer()
    let clock = container.warmingClock()
    #expect(clock.name == "auto-registered clock")
    #expect(container.warmed.services.count == 1)
    #expect(container.warmed.services.first === clock)
  }

  @Test func sharedInstanceOfACustomContainerAutoRegistersToo() {
    AppContainer.$shared.withValue(AppContainer()) {
      #expect(AppContainer.shared.appStore().name == "auto-registered store")
      #expect(AppContainer.shared.autoRegistrations.value == 1)
    }
  }
}
