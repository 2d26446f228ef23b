import Testing
import Wiring

private final class ResolvingContainer: SharedContainer, AutoRegistering, Resolving {
  static let shared = ResolvingContainer()
  let manager = ContainerManager()
  func autoRegister() {
    register { MyService() }
  }
}

struct ResolvingTests {
  @Test func resolvesWhatIsRegisteredByType() {
    let container = ResolvingContainer()
    let first: MyService? = container.resolve()
    let second: MyService? = container.resolve()
    #expect(first != nil)
    #expect(first?.id != second?.id)
  }

  @Test func resolvesNilForATypeNothingRegistered() {
    let container = ResolvingContainer()
    let service: MyServiceType? = container.resolve()
    #expect(service == nil)
    #expect(container.factory(MyServiceType.self) == nil)
  }

  @Test func aRegistrationTakesModifiers() {
    let container = ResolvingContainer()
    container.register { MyService() as MyServiceType }.scope(.singleton)
    let first: MyServiceType? = container.resolve()
    let second: MyServiceType? = container.resolve()
    #expect(first != nil)
    #expect(first?.id == second?.id)
  }

  @Test func aRegisteredFactoryTakesModifiersAsStatements() {
    let container = ResolvingContainer()
    container.factory(MyService.self)?.scope(.cached)
    let first: MyService? = container.resolve()
    let second: MyService? = container.resolve()
    #expect(first?.id == second?.id)
  }

  @Test func injectedTypeResolvesFromAResolvingContainer() {
    struct Holder {
      @InjectedType(ResolvingContainer()) var service: MyService?
      @InjectedType var missing: MyService?
    }
    let holder = Holder()
    #expect(holder.service != nil)
    #expect(holder.missing == nil)
  }

  /// As in Factory, the factory `factory(_:)` or `register` returned keeps the builder registered
  /// then: after a reset it builds with that, where a resolution by type gets nil.
  @Test func aFactoryReturnedForATypeBuildsWithItsBuilderAfterAReset() {
    let container = ResolvingContainer()
    let registered = container.register { MockService() as MyServiceType }
    let found = container.factory(MyServiceType.self)
    container.manager.reset()
    #expect(container.resolve(MyServiceType.self) == nil)
    #expect(container.factory(MyServiceType.self) == nil)
    #expect(found?().text() == "MockService")
    #expect(registered().text() == "MockService")
  }
}
