import Testing

@testable import Wiring

extension Container {
  fileprivate var plainByName: Factory<Service> {
    Factory(self, key: "amendmentTests.shared") { Service(name: "plain") }
  }
  fileprivate var parameterByName: ParameterFactory<Int, Service> {
    ParameterFactory(self, key: "amendmentTests.shared") { Service(name: "parameter \($0)") }
  }
  fileprivate var mainActorByName: MainActorFactory<Service> {
    MainActorFactory(self, key: "amendmentTests.shared") { Service(name: "main actor") }
  }
  fileprivate var chained: Factory<Service> {
    Factory(self, key: "amendmentTests.chained") { Service(name: "declared") }
  }
}

extension Container {
  /// A declaration whose builder captures its container, as most do.
  fileprivate var capturing: Factory<Service> {
    self { Service(name: "built with " + self.plainByName().name) }.cached
  }
  fileprivate var capturingOnce: Factory<Service> {
    self { Service(name: "built with " + self.plainByName().name) }
      .onTest { Service(name: "test") }.once()
  }
}

/// What a test writes over a declaration, as a statement, and then resolves.
enum StatementOverACapturingDeclaration: CaseIterable, Sendable {
  case scope, context, decorator, timeToLive, onceContextsReset, registrationReset

  fileprivate func apply(to container: Container) {
    switch self {
    case .scope: container.capturing.scope(.shared)
    case .context: container.capturing.onTest { Service(name: "test") }
    case .decorator: container.capturing.decorator { _ in }
    case .timeToLive: container.capturing.timeToLive(60)
    case .onceContextsReset: container.capturingOnce.reset(.context)
    case .registrationReset:
      container.capturing.register { Service(name: "registered " + container.plainByName().name) }
      _ = container.capturing()
      container.capturing.reset(.registration)
    }
    _ = container.capturing()
    _ = container.capturingOnce()
  }
}

/// Two words that are not a closure: a closure's second word is retained as an object, which
/// these are not.
private struct TwoInts {
  let first: Int
  let second: Int
}

/// `AnyAmendment.identity(of:building:)` reached through opened existentials, which the compiler
/// cannot specialize: what a debug build or a generic caller computes.
private func identityFoundAtRunTime(of builder: Any.Type, building value: Any.Type) -> UInt {
  func withBuilder<Builder>(_: Builder.Type) -> UInt {
    func withValue<Value>(_: Value.Type) -> UInt {
      AnyAmendment.identity(of: Builder.self, building: Value.self)
    }
    return withValue(value)
  }
  return withBuilder(builder)
}

@Suite struct AmendmentTests {
  @Test func aSwiftClosureIsKeptAsItsTwoWordsAndCallsTheSameCode() {
    let suffix = "captured"
    let plain = AnyAmendment(
      replacingWith: { "plain \(suffix)" } as () -> String, building: String.self)
    #expect(plain.builderFunction != 0)
    #expect(plain.builder(as: (() -> String).self)() == "plain captured")
    let parameter = AnyAmendment(
      replacingWith: { "parameter \($0)" } as (Int) -> String, building: String.self)
    #expect(parameter.builderFunction != 0)
    #expect(parameter.builder(as: ((Int) -> String).self)(7) == "parameter 7")
    let isolated = AnyAmendment(
      replacingWith: { Service(name: "main") } as @MainActor () -> Service, building: Service.self)
    #expect(isolated.builderFunction != 0)
    let throwing = AnyAmendment(
      replacingWith: { Service(name: "async") } as @Sendable () async throws -> Service,
      building: Service.self)
    #expect(throwing.builderFunction != 0)
    #expect(plain.builderType != parameter.builderType)
    #expect(isolated.builderType != plain.builderType)
  }

  @Test func aBuilderTypeHasTheSameIdentityWhetherOrNotTheCompilerKnowsIt() {
    let known = AnyAmendment.identity(of: (() -> Service).self, building: Service.self)
    #expect(identityFoundAtRunTime(of: (() -> Service).self, building: Service.self) == known)
    let parameter = AnyAmendment.identity(of: ((Int) -> Service).self, building: Service.self)
    #expect(
      identityFoundAtRunTime(of: ((Int) -> Service).self, building: Service.self) == parameter)
    #expect(parameter != known)
    let isolated = AnyAmendment.identity(
      of: (@MainActor @Sendable () -> Service).self, building: Service.self)
    #expect(isolated != known && isolated != parameter)
    #expect(AnyAmendment.identity(of: (() -> Service).self, building: String.self) != known)
  }

  @Test func anotherTwoWordValueIsBoxedAndComesBackEqual() {
    #expect(MemoryLayout<String>.size == MemoryLayout<(UInt, AnyObject?)>.size)
    let text = String(repeating: "not a closure ", count: 4)
    let keptText = AnyAmendment(replacingWith: text, building: String.self)
    #expect(keptText.builderFunction == 0)
    #expect(keptText.builder(as: String.self) == text)
    let keptInts = AnyAmendment(replacingWith: TwoInts(first: 3, second: 4), building: Int.self)
    #expect(keptInts.builderFunction == 0)
    #expect(keptInts.builder(as: TwoInts.self).second == 4)
  }

  @Test func theKeptWordsHoldWhatTheClosureCapturedUntilTheyGo() {
    weak var weakCapture: Service?
    var amendment: AnyAmendment?
    do {
      let captured = Service(name: "captured")
      weakCapture = captured
      amendment = AnyAmendment(replacingWith: { captured } as () -> Service, building: Service.self)
    }
    #expect(weakCapture != nil)
    #expect(amendment?.builder(as: (() -> Service).self)().name == "captured")
    amendment = nil
    #expect(weakCapture == nil)
  }

  @Test func factoriesThatShareANameWithOtherBuildersKeepTheirOwnOverrides() {
    let container = Container()
    container.plainByName.register { Service(name: "plain override") }
    #expect(container.plainByName().name == "plain override")
    #expect(container.parameterByName(1).name == "parameter 1")
    container.parameterByName.register { Service(name: "parameter override \($0)") }
    #expect(container.parameterByName(2).name == "parameter override 2")
    #expect(container.plainByName().name == "plain")
  }

  @MainActor
  @Test func aMainActorFactorySharingTheNameBuildsAsDeclared() {
    let container = Container()
    container.plainByName.register { Service(name: "plain override") }
    #expect(container.mainActorByName().name == "main actor")
    container.mainActorByName.register { Service(name: "main actor override") }
    #expect(container.mainActorByName().name == "main actor override")
    #expect(container.plainByName().name == "plain")
  }

  @Test func registeringAgainKeepsTheScopeAndDecoratorChainedOntoTheLastRegistration() {
    let log = InstanceLog()
    let container = Container()
    _ = container.chained.register { Service(name: "first") }.cached
      .decorator { log.record($0) }
    container.chained.register { Service(name: "second") }
    let resolved = container.chained()
    #expect(resolved.name == "second")
    #expect(container.chained() === resolved)
    #expect(log.services.count == 2)
    #expect(log.services.allSatisfy { $0 === resolved })
  }

  @Test(arguments: StatementOverACapturingDeclaration.allCases)
  func aStatementOverADeclarationThatCapturesItsContainerLetsTheContainerGo(
    statement: StatementOverACapturingDeclaration
  ) {
    weak var released: Container?
    do {
      let container = Container()
      released = container
      statement.apply(to: container)
    }
    #expect(released == nil)
  }
}
