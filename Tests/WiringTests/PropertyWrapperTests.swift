import Testing
import Wiring

extension Container {
  /// How many times `injectedService` built, kept per container.
  fileprivate var injectedServiceBuilds: Factory<Counter> { self { Counter() }.cached }
  fileprivate var injectedService: Factory<Service> {
    self {
      self.injectedServiceBuilds().increment()
      return Service(name: "declared")
    }
  }
}

private final class EagerOwner {
  @Injected(\.injectedService) var service
}

private final class LazyOwner {
  @LazyInjected(\.injectedService) var service
}

private final class WeakLazyOwner {
  @WeakLazyInjected(\.injectedService) var service
}

private final class DynamicOwner {
  @DynamicInjected(\.injectedService) var service
}

/// The four property wrappers, reading `\Container.injectedService`.
enum InjectionWrapper: String, CaseIterable, Sendable {
  case injected, lazyInjected, weakLazyInjected, dynamicInjected

  /// Makes an owner with this wrapper and returns how to read its service.
  fileprivate func makeOwner() -> () -> Service? {
    switch self {
    case .injected:
      let owner = EagerOwner()
      return { owner.service }
    case .lazyInjected:
      let owner = LazyOwner()
      return { owner.service }
    case .weakLazyInjected:
      let owner = WeakLazyOwner()
      return { owner.service }
    case .dynamicInjected:
      let owner = DynamicOwner()
      return { owner.service }
    }
  }

  /// Whether the wrapper takes `Container.shared` when its owner is made or when it is read.
  var readsSharedAtAccess: Bool { self == .dynamicInjected }
}

@Suite struct PropertyWrapperTests {
  @Test func injectedResolvesOnceWhenItsOwnerIsInitialized() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = EagerOwner()
      #expect(container.injectedServiceBuilds().value == 1)
      let first = owner.service
      #expect(owner.service === first)
      #expect(container.injectedServiceBuilds().value == 1)
    }
  }

  @Test func assigningAnInjectedPropertyReplacesItForThatOwnerOnly() {
    let fixture = Service(name: "assigned")
    Container.$shared.withValue(Container()) {
      let owner = EagerOwner()
      let other = EagerOwner()
      owner.service = fixture
      #expect(owner.service === fixture)
      #expect(other.service.name == "declared")
    }
  }

  @Test func lazyInjectedResolvesOnFirstAccessOnlyAndOnce() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = LazyOwner()
      #expect(container.injectedServiceBuilds().value == 0)
      let first = owner.service
      #expect(container.injectedServiceBuilds().value == 1)
      #expect(owner.service === first)
      #expect(owner.service === first)
      #expect(container.injectedServiceBuilds().value == 1)
    }
  }

  @Test func weakLazyInjectedResolvesOnFirstAccessAndHoldsWeakly() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = WeakLazyOwner()
      #expect(container.injectedServiceBuilds().value == 0)
      var held = owner.service
      #expect(held != nil)
      #expect(owner.service === held)
      #expect(container.injectedServiceBuilds().value == 1)
      held = nil
      #expect(owner.service == nil)
      #expect(owner.service == nil)
      #expect(container.injectedServiceBuilds().value == 1)
    }
  }

  @Test func dynamicInjectedResolvesOnEveryAccess() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = DynamicOwner()
      #expect(container.injectedServiceBuilds().value == 0)
      let first = owner.service
      let second = owner.service
      #expect(first !== second)
      #expect(container.injectedServiceBuilds().value == 2)
    }
  }

  @Test func dynamicInjectedSeesALaterRegistration() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = DynamicOwner()
      #expect(owner.service.name == "declared")
      let fixture = Service(name: "registered later")
      container.injectedService.register { fixture }
      #expect(owner.service === fixture)
    }
  }

  @Test func lazyInjectedKeepsItsFirstValueAfterALaterRegistration() {
    let container = Container()
    Container.$shared.withValue(container) {
      let owner = LazyOwner()
      let first = owner.service
      container.injectedService.register { Service(name: "registered later") }
      #expect(owner.service === first)
    }
  }

  @Test(arguments: InjectionWrapper.allCases)
  func wrapperReadsContainerSharedWhenItsDocumentationSays(wrapper: InjectionWrapper) {
    let atInit = Container()
    let atAccess = Container()
    let initFixture = Service(name: "shared when the owner was made")
    let accessFixture = Service(name: "shared when the property was read")
    atInit.injectedService.register { initFixture }
    atAccess.injectedService.register { accessFixture }

    let read = Container.$shared.withValue(atInit) { wrapper.makeOwner() }
    let value = Container.$shared.withValue(atAccess) { read() }

    let expected = wrapper.readsSharedAtAccess ? accessFixture : initFixture
    #expect(value === expected)
  }
}
