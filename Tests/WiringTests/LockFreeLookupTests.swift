import Testing

@testable import Wiring

extension Container {
  fileprivate var sectionCached: Factory<Service> { self { Service(name: "cached") }.cached }
  fileprivate var sectionSingleton: Factory<Service> {
    self { Service(name: "singleton") }.singleton
  }
  fileprivate var sectionUnique: Factory<Service> { self { Service(name: "unique") } }
  fileprivate var sectionByID: ParameterFactory<Int, Service> {
    self { Service(name: "id \($0)") }.cached.scopeOnParameters
  }
}

/// Every lock-free answer ends the read section it carried: a thread that resolved is not left
/// reading, which would make every writer wait for it.
@Suite struct LockFreeLookupTests {
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case hit, singletonHit, override, keptPerArgument
    var testDescription: String { rawValue }
  }

  @Test(arguments: Path.allCases)
  func aResolutionLeavesNoReadSectionOpen(path: Path) {
    let container = Container()
    let counter = ResolutionState.current.readCounter
    for _ in 0..<3 {
      switch path {
      case .hit: _ = container.sectionCached()
      case .singletonHit: _ = container.sectionSingleton()
      case .override:
        container.sectionUnique.register { Service(name: "fake") }
        _ = container.sectionUnique()
      case .keptPerArgument: _ = container.sectionByID(7)
      }
      #expect(counter.loadRelaxed() & 1 == 0, "a read section is still open")
    }
    #expect(counter.loadRelaxed() > 0, "no read section was taken: the test proves nothing")
  }
}

/// A container whose state the lock-free path cannot see resolves under its lock until that
/// state goes.
@Suite struct LockFreeReadinessTests {
  enum Reason: String, CaseIterable, CustomTestStringConvertible {
    case defaultScope, trace, tracksDependents, sandbox
    var testDescription: String { rawValue }
  }

  @Test(arguments: Reason.allCases)
  func theLockFreePathStepsAsideWhileTheContainerNeedsTheLock(reason: Reason) {
    var container = Container()
    _ = container.sectionCached()
    #expect(container.manager.index.isReady, "auto-registration ran: the test proves nothing")
    switch reason {
    case .defaultScope: container.manager.defaultScope = .cached
    case .trace: container.manager.trace = true
    case .tracksDependents: container.manager.tracksDependents = true
    case .sandbox: container = container.sandbox()
    }
    _ = container.sectionCached()
    #expect(!container.manager.index.isReady)
    switch reason {
    case .defaultScope: container.manager.defaultScope = nil
    case .trace: container.manager.trace = false
    case .tracksDependents: container.manager.tracksDependents = false
    case .sandbox: return
    }
    #expect(container.manager.index.isReady)
  }
}
