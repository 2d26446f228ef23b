import Testing
import Wiring
import WiringTesting

@Suite(.container) struct ResetTests {
  /// A registration with contexts chained onto it, as Factory's context tests set one up.
  private func registerWithContexts() {
    Container.shared.contextService
      .register { ContextService(name: "REGISTERED") }
      .onTest { ContextService(name: "TEST") }
      .onArg("ARG") { ContextService(name: "ARG") }
  }

  @Test func resettingContextsLeavesTheRegistration() {
    registerWithContexts()
    #expect(Container.shared.contextService().name == "TEST")
    Container.shared.contextService.reset(.context)
    #expect(Container.shared.contextService().name == "REGISTERED")
  }

  @Test func resettingTheContainersContextsLeavesRegistrations() {
    registerWithContexts()
    Container.shared.manager.reset(options: .context)
    #expect(Container.shared.contextService().name == "REGISTERED")
  }

  @Test func resettingContextsDropsContextsWrittenAsStatements() {
    Container.shared.contextService.onTest { ContextService(name: "TEST") }
    Container.shared.reset(options: .context)
    #expect(Container.shared.contextService().name == "FACTORY")
  }

  @Test func resettingRegistrationsKeepsWhatTheyBuiltAsInFactory() {
    Container.shared.cachedService.register { MockService() }
    #expect(Container.shared.cachedService().text() == "MockService")
    Container.shared.manager.reset(options: .registration)
    #expect(Container.shared.cachedService().text() == "MockService")
    Container.shared.manager.reset(options: .scope)
    #expect(Container.shared.cachedService().text() == "MyService")
  }

  @Test func aRegisteredSingletonOutlivesItsRegistrationAsInFactory() {
    let declared = Container.shared.singletonService()
    Container.shared.singletonService.register { MockService() }
    let fake = Container.shared.singletonService()
    #expect(fake.text() == "MockService")
    Container.shared.singletonService.reset(.registration)
    #expect(Container.shared.singletonService().id == fake.id)
    Container.shared.singletonService.reset(.scope)
    let rebuilt = Container.shared.singletonService()
    #expect(rebuilt.text() == "MyService")
    #expect(rebuilt.id != fake.id && rebuilt.id != declared.id)
    #expect(Container.shared.manager.dump().overrides.isEmpty)
    #expect(Container.shared.manager.dump().singletons.count == 1)
  }

  @Test func resettingRegistrationsKeepsTheContextsChainedOntoThem() {
    registerWithContexts()
    Container.shared.manager.reset(options: .registration)
    #expect(Container.shared.contextService().name == "TEST")
    Container.shared.contextService.reset(.context)
    #expect(Container.shared.contextService().name == "FACTORY")
  }

  @Test func scopeSingletonResetDropsTheSingletons() {
    let first = Container.shared.singletonService()
    #expect(Container.shared.singletonService().id == first.id)
    Scope.singleton.reset()
    #expect(Container.shared.singletonService().id != first.id)
  }

  @Test func scopeSingletonResetDropsTheSingletonsThatRegistrationsBuilt() {
    // As an app wires a promised singleton at launch and signs out.
    Container.shared.singletonService.register { MockService() }
    let signedIn = Container.shared.singletonService()
    let other = Container()
    other.singletonService.register { MockService() }
    let othersOwn = other.singletonService()
    Scope.singleton.reset()
    let signedOut = Container.shared.singletonService()
    #expect(signedOut.id != signedIn.id)
    #expect(signedOut.text() == "MockService")
    // Kept by the other container, which the call did not name.
    #expect(other.singletonService().id == othersOwn.id)
    other.manager.reset(scope: .singleton)
    #expect(other.singletonService().id != othersOwn.id)
  }

  @Test func aRegistrationOverADeclaredSingletonLeavesTheProcesssInstance() {
    // Factory drops the instance when the registration is made, and builds anew after it goes.
    let live = Container.shared.singletonService()
    Container.shared.singletonService.register { MockService() }
    #expect(Container.shared.singletonService().text() == "MockService")
    Container.shared.singletonService.reset(.registration)
    Container.shared.manager.reset(options: .scope)
    #expect(Container.shared.singletonService().id == live.id)
  }

  @Test func aStatementScopeOverASingletonLeavesTheProcesssInstanceForWhenItGoes() {
    // Factory's build under the statement's scope takes the singleton's place.
    let live = Container.shared.singletonService()
    Container.shared.manager.push()
    Container.shared.singletonService.scope(.cached)
    let cached = Container.shared.singletonService()
    #expect(cached.id != live.id)
    Container.shared.manager.pop()
    #expect(Container.shared.singletonService().id == live.id)
    Container.shared.singletonService.scope(.cached)
    Container.shared.singletonService.scope(.singleton)
    #expect(Container.shared.singletonService().id == live.id)
    Container.shared.singletonService.reset()
    #expect(Container.shared.singletonService().id != live.id)
  }

  @Test func resettingScopesKeepsRegistrations() {
    Container.shared.cachedService.register { MockService() }
    let first = Container.shared.cachedService()
    Container.shared.reset(options: .scope)
    let second = Container.shared.cachedService()
    #expect(second.text() == "MockService")
    #expect(second.id != first.id)
  }

  @Test func resettingWithNoneChangesNothing() {
    Container.shared.cachedService.register { MockService() }
    let first = Container.shared.cachedService()
    Container.shared.reset(options: .none)
    Container.shared.cachedService.reset(.none)
    #expect(Container.shared.cachedService().id == first.id)
  }

  @Test func resettingOneFactoryLeavesTheOthers() {
    Container.shared.myServiceType.register { MockService() }
    Container.shared.cachedService.register { MockService() }
    Container.shared.myServiceType.reset()
    #expect(Container.shared.myServiceType().text() == "MyService")
    #expect(Container.shared.cachedService().text() == "MockService")
  }
}
