import Testing
import Wiring
import WiringTesting

/// `FactoryContext` as Factory's context tests use it. Inside `.container` the context is the
/// test's own copy, so these run in parallel with everything else.
@Suite(.container) struct FactoryContextTests {
  @Test func runtimeArgumentsMatchArgumentContexts() {
    FactoryContext.current.isTest = false
    Container.shared.contextService.onArgs(["ARG1", "ARG2"]) { ContextService(name: "ARG") }
    #expect(Container.shared.contextService().name == "FACTORY")
    FactoryContext.setArg("ARG2", forKey: "CUSTOM")
    #expect(FactoryContext.current.runtimeArguments == ["CUSTOM": "ARG2"])
    #expect(Container.shared.contextService().name == "ARG")
    FactoryContext.removeArg(forKey: "CUSTOM")
    #expect(Container.shared.contextService().name == "FACTORY")
  }

  @Test func anArgumentBeatsPreviewAndTest() {
    Container.shared.contextService
      .onPreview { ContextService(name: "PREVIEW") }
      .onTest { ContextService(name: "TEST") }
      .onArg("ARG") { ContextService(name: "ARG") }
    FactoryContext.current.isPreview = true
    #expect(Container.shared.contextService().name == "PREVIEW")
    FactoryContext.current.isPreview = false
    #expect(Container.shared.contextService().name == "TEST")
    FactoryContext.current.arguments = ["ARG"]
    #expect(Container.shared.contextService().name == "ARG")
  }

  @Test func ofTwoArgumentsThatMatchTheOneThatComesFirstInTheArgumentsWins() {
    let service = Container().contextService
    service
      .onArg("FIRST") { ContextService(name: "FIRST") }
      .onArg("SECOND") { ContextService(name: "SECOND") }
    FactoryContext.current.arguments = ["SECOND", "FIRST"]
    #expect(service().name == "SECOND")
    FactoryContext.current.arguments = ["FIRST", "SECOND"]
    #expect(service().name == "FIRST")
    // Launch arguments come before runtime ones.
    FactoryContext.current.arguments = ["OTHER", "SECOND"]
    FactoryContext.setArg("FIRST", forKey: "K")
    #expect(service().name == "SECOND")
  }

  @Test func simulatorAndDeviceFollowTheContext() {
    FactoryContext.current.isTest = false
    Container.shared.contextService
      .onDevice { ContextService(name: "DEVICE") }
      .onSimulator { ContextService(name: "SIMULATOR") }
    FactoryContext.current.isSimulator = true
    #expect(Container.shared.contextService().name == "SIMULATOR")
    FactoryContext.current.isSimulator = false
    #expect(Container.shared.contextService().name == "DEVICE")
  }

  @Test func aFreshContextRestoresWhatTheProcessDetected() {
    FactoryContext.current.arguments = ["ARG"]
    FactoryContext.setArg("X", forKey: "K")
    FactoryContext.current = FactoryContext()
    #expect(!FactoryContext.current.arguments.contains("ARG"))
    #expect(FactoryContext.current.runtimeArguments.isEmpty)
    #expect(FactoryContext.current.isTest)
  }

  @Test func aTestsChangesToTheContextStayInThatTest() async {
    FactoryContext.current.isTest = false
    FactoryContext.setArg("ONLY-HERE", forKey: "K")
    await Task.detached {
      // A detached task is outside the test's isolation: it sees the process's context.
      #expect(FactoryContext.current.isTest)
      #expect(FactoryContext.current.runtimeArguments["K"] == nil)
    }.value
    #expect(!FactoryContext.current.isTest)
  }
}
