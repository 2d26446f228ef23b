import Testing
import Wiring

extension Container {
  fileprivate var statementTarget: Factory<Service> { self { Service(name: "declared") } }
  fileprivate var statementCached: Factory<Service> { self { Service(name: "declared") }.cached }
  fileprivate var statementDeclaredTest: Factory<Service> {
    self { Service(name: "declared") }.onTest { Service(name: "declared test") }
  }
  fileprivate var statementExplicitKey: Factory<Service> {
    Factory(self, key: "statementTests.explicit") { Service(name: "declared") }
      .onTest { Service(name: "declared test") }
  }
}

/// Modifiers written outside the declaring property are kept by the container; the same
/// modifiers inside it only shape the declaration.
@Suite struct StatementModifierTests {
  @Test(arguments: [true, false])
  func aDeclarationsOwnModifiersAreNeverStored(explicitKey: Bool) {
    let container = Container()
    let resolve = {
      explicitKey ? container.statementExplicitKey() : container.statementDeclaredTest()
    }
    #expect(resolve().name == "declared test")
    // Stored contexts would go with this reset; the declaration's stay.
    container.reset(options: .context)
    #expect(resolve().name == "declared test")
    #expect(container.manager.dump().overrides.isEmpty)
  }

  @Test func aStatementIsKeptByItsContainerOnly() {
    let container = Container()
    let other = Container()
    container.statementTarget.onTest { Service(name: "statement") }
    #expect(
      container.manager.dump().overrides.map(\.description) == [
        "Container.statementTarget: modifiers written as statements, scope of the declaration"
      ])
    #expect(container.statementTarget().name == "statement")
    #expect(other.statementTarget().name == "declared")
  }

  @Test func aStoredContextStaysAndBeatsALaterRegistrationAsInFactory() {
    let container = Container()
    container.statementTarget.onTest { Service(name: "statement") }
    container.statementTarget.register { Service(name: "override") }
    #expect(container.statementTarget().name == "statement")
    container.statementTarget.reset(.context)
    #expect(container.statementTarget().name == "override")
  }

  /// Resetting the contexts that statements stored leaves no override behind and, as in
  /// Factory, keeps what one of them built until the scope is reset.
  @Test(arguments: [false, true])
  func resettingStoredContextsLeavesNoOverrideAndKeepsWhatTheyBuilt(containerWide: Bool) {
    let container = Container()
    container.statementCached.onTest { Service(name: "statement") }
    let built = container.statementCached()
    #expect(built.name == "statement")
    if containerWide {
      container.manager.reset(options: .context)
    } else {
      container.statementCached.reset(.context)
    }
    #expect(container.manager.dump().overrides.isEmpty)
    #expect(container.statementCached() === built)
    container.statementCached.reset(.scope)
    #expect(container.statementCached().name == "declared")
  }

  @Test func aStoredContextBeatsTheDeclaredOneOfTheSameKind() {
    let container = Container()
    container.statementDeclaredTest.onTest { Service(name: "statement") }
    #expect(container.statementDeclaredTest().name == "statement")
    container.statementDeclaredTest.reset(.context)
    #expect(container.statementDeclaredTest().name == "declared test")
  }

  @Test func aStoredScopeDropsTheKeptInstanceAndAStoredContextDoesNot() {
    let container = Container()
    let first = container.statementCached()
    container.statementCached.onDebug { Service(name: "debug") }
    #expect(container.statementCached() === first)
    container.statementCached.scope(.cached)
    #expect(container.statementCached() === first)
    // A scope that keeps too, but not what `.cached` kept.
    container.statementCached.scope(.custom("statementTests"))
    let session = container.statementCached()
    #expect(session !== first)
    #expect(container.statementCached() === session)
    container.statementCached.scope(.unique)
    #expect(container.statementCached() !== first)
    #expect(container.statementCached() !== container.statementCached())
  }

  @Test func popRestoresWhatStatementsStored() {
    let container = Container()
    container.manager.push()
    container.statementTarget.onTest { Service(name: "statement") }
    #expect(container.statementTarget().name == "statement")
    container.manager.pop()
    #expect(container.statementTarget().name == "declared")
  }

  @Test func resettingRegistrationsKeepsStatementsAsInFactory() {
    let container = Container()
    container.statementTarget.scope(.cached)
    let first = container.statementTarget()
    #expect(container.statementTarget() === first)
    container.manager.reset(options: .registration)
    #expect(container.statementTarget() === first)
    container.manager.reset()
    #expect(container.statementTarget() !== container.statementTarget())
  }

  @Test func aRegistrationKeepsAStoredScopeAndDecorator() {
    let container = Container()
    let decorated = Counter()
    container.statementTarget.scope(.cached)
    container.statementTarget.decorator { _ in decorated.increment() }
    container.statementTarget.register { Service(name: "override") }
    let first = container.statementTarget()
    #expect(first.name == "override")
    #expect(container.statementTarget() === first)
    #expect(decorated.value == 2)
  }

  @Test func aRegistrationKeepsAStoredDecoratorAlone() {
    let container = Container()
    let decorated = Counter()
    container.statementTarget.decorator { _ in decorated.increment() }
    container.statementTarget.register { Service(name: "first") }
    container.statementTarget.register { Service(name: "second") }
    #expect(container.statementTarget().name == "second")
    #expect(decorated.value == 1)
  }

  @Test func aScopeChainedBeforeRegisterStays() {
    let container = Container()
    container.statementTarget.scope(.cached).register { Service(name: "override") }
    #expect(container.statementTarget() === container.statementTarget())
  }

  @Test func registeringAgainKeepsTheScopeChainedOntoTheFirstRegistration() {
    let container = Container()
    container.statementTarget.register { Service(name: "first") }.scope(.cached)
    container.statementTarget.register { Service(name: "second") }
    let second = container.statementTarget()
    #expect(second.name == "second")
    #expect(container.statementTarget() === second)
  }
}
