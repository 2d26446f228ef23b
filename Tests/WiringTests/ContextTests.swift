import Testing
import Wiring

/// Launch arguments no real run passes, so adding them affects only these factories.
private let mockArgument = "--wiring-context-tests-mock"
private let stubArgument = "--wiring-context-tests-stub"

extension Container {
  fileprivate var contextOnArg: Factory<Service> {
    self { Service(name: "live") }.onArg(mockArgument) { Service(name: "mock") }
  }
  fileprivate var contextOnArgs: Factory<Service> {
    self { Service(name: "live") }.onArgs([mockArgument, stubArgument]) { Service(name: "mock") }
  }
  fileprivate var contextArgThenTest: Factory<Service> {
    self { Service(name: "live") }
      .onArg(mockArgument) { Service(name: "argument") }
      .onTest { Service(name: "test") }
  }
  fileprivate var contextTestThenArg: Factory<Service> {
    self { Service(name: "live") }
      .onTest { Service(name: "test") }
      .onArg(mockArgument) { Service(name: "argument") }
  }
  fileprivate var contextOnTest: Factory<Service> {
    self { Service(name: "live") }.onTest { Service(name: "test") }
  }
  fileprivate var contextOnDebug: Factory<Service> {
    self { Service(name: "live") }.onDebug { Service(name: "debug") }
  }
  fileprivate var contextPlaces: Factory<Service> {
    self { Service(name: "live") }
      .onPreview { Service(name: "preview") }
      .onSimulator { Service(name: "simulator") }
      .onDevice { Service(name: "device") }
  }
  fileprivate var contextTestTwice: Factory<Service> {
    self { Service(name: "live") }
      .onTest { Service(name: "first test") }
      .onPreview { Service(name: "preview") }
      .onTest { Service(name: "second test") }
  }
  fileprivate var contextDebugAndTest: Factory<Service> {
    self { Service(name: "live") }
      .onDebug { Service(name: "debug") }
      .onTest { Service(name: "test") }
  }
}

/// Changes `FactoryContext.current` for the duration of `body`, then restores it.
///
/// The context is process-wide, which is why every test that changes it lives in this one
/// serialized suite. None changes `isTest`: other suites rely on the test context.
private func withContext(
  _ change: (inout FactoryContext) -> Void, _ body: () throws -> Void
) rethrows {
  let saved = FactoryContext.current
  defer { FactoryContext.current = saved }
  var context = saved
  change(&context)
  FactoryContext.current = context
  try body()
}

@Suite(.serialized) struct ContextTests {
  @Test func onArgAppliesOnlyWhileTheArgumentIsPresent() {
    let container = Container()
    #expect(container.contextOnArg().name == "live")
    withContext({ $0.arguments.append(mockArgument) }) {
      #expect(container.contextOnArg().name == "mock")
    }
    #expect(container.contextOnArg().name == "live")
  }

  @Test(arguments: [mockArgument, stubArgument])
  func onArgsAppliesWhenAnyOfItsArgumentsIsPresent(argument: String) {
    let container = Container()
    #expect(container.contextOnArgs().name == "live")
    withContext({ $0.arguments.append(argument) }) {
      #expect(container.contextOnArgs().name == "mock")
    }
  }

  @Test func argumentBeatsTheTestContextInEitherDeclarationOrder() {
    let container = Container()
    #expect(container.contextArgThenTest().name == "test")
    #expect(container.contextTestThenArg().name == "test")
    withContext({ $0.arguments.append(mockArgument) }) {
      #expect(container.contextArgThenTest().name == "argument")
      #expect(container.contextTestThenArg().name == "argument")
    }
  }

  @Test func onTestAppliesUnderTests() {
    #expect(FactoryContext.current.isTest)
    #expect(Container().contextOnTest().name == "test")
  }

  @Test func aLaterBuilderForTheSameContextReplacesTheEarlierOne() {
    let container = Container()
    #expect(container.contextTestTwice().name == "second test")
    container.contextTestTwice.onTest { Service(name: "statement") }
    #expect(container.contextTestTwice().name == "statement")
  }

  @Test func onDebugAppliesInDebugBuilds() {
    #if DEBUG
    #expect(FactoryContext.current.isDebug)
    #expect(Container().contextOnDebug().name == "debug")
    #else
    #expect(!FactoryContext.current.isDebug)
    #expect(Container().contextOnDebug().name == "live")
    #endif
    withContext({ $0.isDebug = true }) {
      #expect(Container().contextOnDebug().name == "debug")
    }
    withContext({ $0.isDebug = false }) {
      #expect(Container().contextOnDebug().name == "live")
    }
  }

  @Test func previewSimulatorAndDeviceFollowTheContext() {
    withContext({ $0.isSimulator = false }) {
      #expect(Container().contextPlaces().name == "device")
    }
    withContext({ $0.isSimulator = true }) {
      #expect(Container().contextPlaces().name == "simulator")
    }
    withContext({ $0.isPreview = true }) {
      #expect(Container().contextPlaces().name == "preview")
    }
  }

  @Test func testContextBeatsDebug() {
    withContext({ $0.isDebug = true }) {
      #expect(Container().contextDebugAndTest().name == "test")
    }
  }

  @Test func contextIsReadWhenResolvingNotWhenDeclaring() {
    let factory = Container().contextOnArg
    withContext({ $0.arguments.append(mockArgument) }) {
      #expect(factory().name == "mock")
    }
  }

  @Test func contextChainedOnARegistrationAppliesToTheOverride() {
    let container = Container()
    _ = container.contextOnArg
      .register { Service(name: "override") }
      .onArg(stubArgument) { Service(name: "override stub") }
    #expect(container.contextOnArg().name == "override")
    // As in Factory, the declaration's context still beats the registration when it holds.
    withContext({ $0.arguments.append(mockArgument) }) {
      #expect(container.contextOnArg().name == "mock")
    }
    withContext({ $0.arguments.append(stubArgument) }) {
      #expect(container.contextOnArg().name == "override stub")
    }
  }
}
