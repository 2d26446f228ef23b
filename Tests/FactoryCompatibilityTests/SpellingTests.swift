import Testing
import Wiring
import WiringTesting

/// Declarations and calls that Factory's documentation spells, each used once.
@Suite(.container) struct SpellingTests {
  @Test func factoriesDeclaredWithTheInitializerResolve() {
    #expect(Container.shared.plainService().text() == "MyService")
    #expect(Container.shared.plainService.resolve().text() == "MyService")
  }

  @Test func aPromisedFactoryResolvesWhatTheAppRegisters() {
    Container.shared.promisedService.register { MockService() }
    #expect(Container.shared.promisedService()?.text() == "MockService")
  }

  @Test func graphScopeSharesWithinOneResolution() {
    let root = Container.shared.graphRoot()
    #expect(root.a.id == root.b.id)
    #expect(Container.shared.graphRoot().a.id != root.a.id)
  }

  @Test func parameterFactoriesResolveAndScopeOnParameters() {
    #expect(Container.shared.parameterService(3).value == 3)
    #expect(Container.shared.parameterService.resolve(4).value == 4)
    let one = Container.shared.scopedParameterService(1)
    #expect(Container.shared.scopedParameterService(1) === one)
    #expect(Container.shared.scopedParameterService(2) !== one)
  }

  @Test func resetOptionsOnOneFactory() {
    Container.shared.cachedService.register { MockService() }
    let first = Container.shared.cachedService()
    Container.shared.cachedService.reset(.scope)
    #expect(Container.shared.cachedService().id != first.id)
    Container.shared.cachedService.reset(.registration)
    #expect(Container.shared.cachedService().text() == "MockService")
    Container.shared.cachedService.reset(.scope)
    #expect(Container.shared.cachedService().text() == "MyService")
    Container.shared.cachedService.register { MockService() }
    Container.shared.cachedService.reset(.all)
    #expect(Container.shared.cachedService().text() == "MyService")
  }

  @Test func theManagerResetsOneScope() {
    let first = Container.shared.cachedService()
    Container.shared.manager.reset(scope: .cached)
    #expect(Container.shared.cachedService().id != first.id)
    Container.shared.manager.reset()
    #expect(Container.shared.cachedService().text() == "MyService")
  }

  @Test func aTaskLocalContainerIsolatesRegistrations() {
    Container.$shared.withValue(Container()) {
      Container.shared.myServiceType.register { MockService() }
      #expect(Container.shared.myServiceType().text() == "MockService")
    }
    #expect(Container.shared.myServiceType().text() == "MyService")
  }

  @Test func aCustomScopeIsResetOnItsOwn() {
    let session = Container.shared.sessionService()
    let cached = Container.shared.cachedService()
    #expect(Container.shared.sessionService().id == session.id)
    Container.shared.manager.reset(scope: .session)
    #expect(Container.shared.sessionService().id != session.id)
    #expect(Container.shared.cachedService().id == cached.id)
  }

  @Test func aContainerDecoratorSeesEveryResolution() {
    let seen = Seen()
    Container.shared.decorator { seen.add(String(describing: type(of: $0))) }
    _ = Container.shared.cachedService()
    _ = Container.shared.cachedService()
    _ = Container.shared.parameterService(1)
    #expect(seen.values == ["MyService", "MyService", "ParameterService"])
    Container.shared.decorator(nil)
    _ = Container.shared.cachedService()
    #expect(seen.values.count == 3)
    Container.shared.decorator { _ in seen.add("again") }
    Container.shared.reset()
    _ = Container.shared.cachedService()
    #expect(seen.values.count == 3)
  }
}
