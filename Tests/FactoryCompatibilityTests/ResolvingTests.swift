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
}
