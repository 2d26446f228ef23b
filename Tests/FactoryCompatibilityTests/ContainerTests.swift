import Testing
import Wiring
import WiringTesting

@Suite(.container) struct ContainerTests {
  @Test func traceWritesFactorysLinesToTheLogger() {
    var log: [String] = []
    Container.shared.manager.logger = { log.append($0) }
    Container.shared.manager.trace.toggle()
    _ = Container.shared.graphRoot()
    _ = Container.shared.cachedService()
    _ = Container.shared.cachedService()
    Container.shared.manager.trace = false
    _ = Container.shared.cachedService()
    // Factory's format: level, indent, factory<type> = source:address type, outermost first.
    let addresses = log.map { $0.split(separator: ":")[2].split(separator: " ")[0] }
    let lines = log.map { line in
      line.split(separator: ":")[0...1].joined(separator: ":") + ": "
        + line.split(separator: " ").last!
    }
    #expect(
      lines == [
        "0: Container.graphRoot<GraphService> = F: GraphService",
        "1:     Container.graphPart<MyServiceType> = F: MyService",
        "1:     Container.graphPart<MyServiceType> = C: MyService",
        "0: Container.cachedService<MyServiceType> = F: MyService",
        "0: Container.cachedService<MyServiceType> = C: MyService",
      ])
    #expect(addresses.count == 5 && addresses[1] == addresses[2] && addresses[3] == addresses[4])
  }

  @Test func traceTellsRegistrationsAndContextsApart() {
    var log: [String] = []
    Container.shared.manager.logger = { log.append($0) }
    Container.shared.manager.trace = true
    Container.shared.myServiceType.register { MockService() }
    _ = Container.shared.myServiceType()
    Container.shared.contextService.onTest { ContextService(name: "TEST") }
    _ = Container.shared.contextService()
    #expect(log.count == 2)
    #expect(log.first?.hasPrefix("0: Container.myServiceType<MyServiceType> = R:") == true)
    #expect(log.last?.hasPrefix("0: Container.contextService<ContextService> = O:") == true)
  }

  @Test func resetOnTheContainerDropsRegistrations() {
    Container.shared.myServiceType.register(factory: { MockService() })
    #expect(Container.shared.myServiceType().text() == "MockService")
    Container.shared.reset()
    #expect(Container.shared.myServiceType().text() == "MyService")
  }

  @Test func pushAndPopRestoreRegistrations() {
    Container.shared.myServiceType.register(factory: { MockServiceN(1) })
    Container.shared.manager.push()
    Container.shared.myServiceType.register(factory: { MockServiceN(2) })
    #expect(Container.shared.myServiceType().text() == "MockService2")
    Container.shared.manager.pop()
    #expect(Container.shared.myServiceType().text() == "MockService1")
    Container.shared.manager.pop()
    #expect(Container.shared.myServiceType().text() == "MockService1")
  }

  @Test func theContainerSugarRunsItsClosureOnTheContainer() {
    Container.shared {
      $0.myServiceType.register(factory: { MockService() })
    }
    #expect(Container.shared.myServiceType().text() == "MockService")
  }

  @Test func theAsyncContainerSugarAwaitsItsClosure() async {
    await Container.shared { container in
      await Task.yield()
      container.myServiceType.register { MockServiceN(3) }
    }
    #expect(Container.shared.myServiceType().text() == "MockService3")
  }

  @Test func withConfiguresAContainerWhereItIsMade() async {
    let container = Container().with { $0.myServiceType.register { MockServiceN(4) } }
    #expect(container.myServiceType().text() == "MockService4")
    let other = await Container().with { container in
      await Task.yield()
      container.myServiceType.register { MockServiceN(5) }
    }
    #expect(other.myServiceType().text() == "MockService5")
  }

  @Test func theDefaultScopeAppliesToFactoriesThatDeclareNone() {
    Container.shared.manager.defaultScope = .cached
    #expect(Container.shared.myServiceType().id == Container.shared.myServiceType().id)
    Container.shared.manager.defaultScope = nil
    #expect(Container.shared.myServiceType().id != Container.shared.myServiceType().id)
  }

  @Test func theDefaultScopeNeitherOverridesADeclaredScopeNorSurvivesAReset() {
    Container.shared.manager.defaultScope = .cached
    #expect(Container.shared.uniqueService().id != Container.shared.uniqueService().id)
    Container.shared.reset()
    #expect(Container.shared.manager.defaultScope == nil)
    #expect(Container.shared.myServiceType().id != Container.shared.myServiceType().id)
  }

  @Test func aCustomContainerResolvesAndResetsOnItsOwn() {
    let first = CustomContainer.shared.customService()
    #expect(CustomContainer.shared.customService().id == first.id)
    CustomContainer.shared.reset()
    #expect(CustomContainer.shared.customService().id != first.id)
  }
}
