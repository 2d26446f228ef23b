import Testing

@testable import Wiring

/// Where an instance is kept, by the scope in force and whether an override applies: the rule
/// that the locked path, the lock-free path and async resolutions share.
@Suite struct KeepingTests {
  @Test(arguments: [
    (Scope.unique, false, Keeping.nowhere), (.unique, true, .nowhere),
    (.graph, false, .inResolution), (.graph, true, .inResolution),
    (.cached, false, .inContainer), (.cached, true, .inContainer),
    (.custom("session"), false, .inContainer),
    (.shared, false, .inContainerChecked), (.timeToLive(60), true, .inContainerChecked),
    (.singleton, false, .processWide),
    // A registered override's singleton stays with it, so other containers never see a fake.
    (.singleton, true, .inContainer),
    // A time to live over another scope keeps where that scope keeps, checked on every read.
    (Scope.singleton.living(.minute), false, .processWideChecked),
    (Scope.singleton.living(.minute), true, .inContainerChecked),
    (Scope.custom("session").living(.minute), false, .inContainerChecked),
    (Scope.unique.living(.minute), false, .nowhere),
  ])
  func theScopeInForceSaysWhereTheInstanceIsKept(scope: Scope, overridden: Bool, kept: Keeping) {
    #expect(Keeping(scope, overridden: overridden) == kept)
  }

  /// How a lock-free lookup answers once a resolution has run, for a declaration and an
  /// optional override with an optional scope of its own.
  enum Case: String, CaseIterable, CustomTestStringConvertible {
    case cachedDeclaration, singletonDeclaration, uniqueDeclaration, graphDeclaration
    case overrideTakingTheDeclaredUnique, overrideTakingTheDeclaredSingleton
    case cachedOverrideOfUnique, uniqueOverrideOfCached, sharedOverride, graphOverride
    case overrideOfGraph
    /// Scopes that do not fit the declaration's traits word, which keeps them apart.
    case timeToLiveDeclaration, customDeclarationNumberedPastTheTraitsWord
    /// A singleton with a time to live is checked under the lock, also when a statement gives
    /// it the time to live after the instance was published.
    case singletonWithATimeToLive, singletonGivenATimeToLiveByAStatement
    /// What only the lock can settle: contexts pick a builder at every resolution, and a
    /// decorator of the override's own sees every hit.
    case overrideWithContexts, cachedOverrideWithADecorator
    /// A singleton amended by a statement that gives it no builder stays process-wide; with a
    /// decorator of the statement's, the lock passes it on.
    case singletonByAStatementScope, singletonWithAStatementDecorator
    var testDescription: String { rawValue }
  }

  @Test(arguments: Case.allCases)
  func theLockFreePathAnswersAsTheRuleSays(case: Case) {
    let container = Container()
    let (factory, expected) = Self.setUp(`case`, in: container)
    var answer = ""
    // A test running in parallel may reset every process-wide singleton between the resolution
    // and the lookup: one that keeps answering otherwise is wrong.
    for _ in 0..<3 where answer != expected {
      _ = factory()
      answer = Self.describe(
        container.manager.lookupWithoutLock(
          factory.registration.key, declared: factory.registration.declaredKeeping,
          reads: ResolutionState.current.readCounter))
    }
    #expect(answer == expected)
  }

  private static func setUp(_ case: Case, in container: Container) -> (Factory<Service>, String) {
    switch `case` {
    case .cachedDeclaration: (container.keptCached, "hit")
    case .singletonDeclaration: (container.keptSingleton, "hit")
    case .uniqueDeclaration: (container.keptUnique, "build the declaration")
    case .graphDeclaration: (container.keptGraph, "build in the graph")
    case .overrideTakingTheDeclaredUnique:
      (container.keptUnique.register { Service(name: "fake") }, "build the override")
    case .overrideTakingTheDeclaredSingleton:
      (container.keptSingleton.register { Service(name: "fake") }, "hit")
    case .cachedOverrideOfUnique:
      (container.keptUnique.register { Service(name: "fake") }.cached, "hit")
    case .uniqueOverrideOfCached:
      (container.keptCached.register { Service(name: "fake") }.unique, "build the override")
    case .sharedOverride: (container.keptCached.register { Service(name: "fake") }.shared, "lock")
    case .graphOverride: (container.keptCached.register { Service(name: "fake") }.graph, "lock")
    case .overrideOfGraph: (container.keptGraph.register { Service(name: "fake") }, "lock")
    case .timeToLiveDeclaration: (container.keptForAMinute, "lock")
    case .customDeclarationNumberedPastTheTraitsWord: (container.keptInAFarCustomScope, "hit")
    case .singletonWithATimeToLive: (container.singletonForAMinute, "lock")
    case .singletonGivenATimeToLiveByAStatement:
      (singletonPublishedBefore(container.keptSingleton).timeToLive(60), "lock")
    case .overrideWithContexts:
      (
        container.keptUnique.register { Service(name: "fake") }.onTest { Service(name: "t") },
        "lock"
      )
    case .cachedOverrideWithADecorator:
      (container.keptCached.register { Service(name: "fake") }.decorator { _ in }, "lock")
    case .singletonByAStatementScope: (container.keptCached.scope(.singleton), "hit")
    case .singletonWithAStatementDecorator: (container.keptSingleton.decorator { _ in }, "lock")
    }
  }

  /// `factory` after a resolution that published its instance.
  private static func singletonPublishedBefore(_ factory: Factory<Service>) -> Factory<Service> {
    _ = factory()
    return factory
  }

  private static func describe(_ answer: consuming LockFreeLookup) -> String {
    switch consume answer {
    case .hit(_, let section):
      section.end()
      return "hit"
    case .buildDeclaration: return "build the declaration"
    case .buildGraph: return "build in the graph"
    case .buildAmendment(_, _, let section):
      section.end()
      return "build the override"
    case .parameters(_, let section):
      section.end()
      return "parameters"
    case .locked: return "lock"
    }
  }
}

/// Modifiers written as statements give a singleton no builder of its own, so they leave it with
/// the process, as in Factory: only a registered builder keeps its singleton in its container.
/// Singletons are process-wide and other suites reset them, so these run in a child process.
@Suite struct StatementAmendedSingletonTests {
  @Test func aStatementDecoratorKeepsTheSingletonAlreadyBuilt() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      let decorated = Counter()
      let first = container.keptSingleton()
      container.keptSingleton.decorator { _ in decorated.increment() }
      #expect(container.keptSingleton() === first)
      #expect(decorated.value == 1)
      #expect(Container().keptSingleton() === first)
      container.manager.reset(scope: .singleton)
      #expect(container.keptSingleton() !== first, "resetting the singletons missed it")
    }
  }

  @Test func aStatementContextBuildsTheNextSingletonForTheProcess() async {
    await #expect(processExitsWith: .success) {
      FactoryContext.current.isTest = true
      let container = Container()
      let first = container.keptSingleton()
      container.keptSingleton.onTest { Service(name: "test") }
      #expect(container.keptSingleton() === first)
      Scope.singleton.reset()
      let rebuilt = container.keptSingleton()
      #expect(rebuilt.name == "test")
      #expect(Container().keptSingleton() === rebuilt)
      container.keptSingleton.reset(.context)
      #expect(container.keptSingleton() === rebuilt, "a reset of contexts dropped what one built")
    }
  }

  @Test func aStatementScopeMakesASingletonOfTheProcess() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      container.keptCached.scope(.singleton)
      let first = container.keptCached()
      #expect(container.keptCached() === first)
      let other = Container()
      other.keptCached.scope(.singleton)
      #expect(other.keptCached() === first)
    }
  }

  /// Once its registration is reset, an override that kept the singleton it built keeps it
  /// until that instance goes; its statement modifiers then leave the next one to the process.
  @Test func aRegisteredSingletonGoesBackToTheProcessWithTheInstanceItBuilt() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      let declared = Container().keptSingleton()
      container.keptSingleton.register { Service(name: "fake") }.decorator { _ in }
      let fake = container.keptSingleton()
      #expect(fake.name == "fake")
      container.keptSingleton.reset(.registration)
      #expect(container.keptSingleton() === fake)
      container.keptSingleton.reset(.scope)
      Container().keptSingleton.reset(.scope)
      let rebuilt = container.keptSingleton()
      #expect(rebuilt !== declared && rebuilt.name == "singleton")
      #expect(Container().keptSingleton() === rebuilt)
    }
  }
}

extension Container {
  fileprivate var keptCached: Factory<Service> { self { Service(name: "cached") }.cached }
  fileprivate var keptSingleton: Factory<Service> {
    self { Service(name: "singleton") }.singleton
  }
  fileprivate var keptUnique: Factory<Service> { self { Service(name: "unique") } }
  fileprivate var keptGraph: Factory<Service> { self { Service(name: "graph") }.graph }
  fileprivate var keptForAMinute: Factory<Service> {
    self { Service(name: "a minute") }.timeToLive(60)
  }
  fileprivate var singletonForAMinute: Factory<Service> {
    self { Service(name: "singleton for a minute") }.singleton.timeToLive(60)
  }
  fileprivate var keptInAFarCustomScope: Factory<Service> {
    self { Service(name: "far custom") }.scope(Scope(.custom(id: 40_000)))
  }
}

extension Scope.Lifetime {
  fileprivate static let minute = Scope.Lifetime(seconds: 60, renewedOnUse: true)
}
