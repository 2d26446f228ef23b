import Foundation
import Testing
import Wiring
import WiringTesting

/// A coordinator that holds its screen's view model strongly: with `leaks` set, the view model
/// holds the coordinator back, and neither is ever freed.
private final class Coordinator: @unchecked Sendable {
  // NB: `@unchecked` because `screen` is set once, while the view model is built, before the
  // pair is handed to anyone.
  var screen: ScreenModel?
}

private final class ScreenModel: Sendable {
  let coordinator: Coordinator
  init(coordinator: Coordinator, cycle: Bool) {
    self.coordinator = coordinator
    if cycle { coordinator.screen = self }
  }
}

private final class Cache: @unchecked Sendable {
  // NB: `@unchecked` because `entries` is only touched by the test that built the cache.
  var entries: [AnyObject] = []
}

extension Container {
  fileprivate var coordinator: Factory<Coordinator> { self { Coordinator() } }
  fileprivate func screen(cycle: Bool) -> Factory<ScreenModel> {
    Factory(self, key: "leakTests.screen") {
      ScreenModel(coordinator: self.coordinator(), cycle: cycle)
    }
  }
  fileprivate var cache: Factory<Cache> { self { Cache() }.cached }
  fileprivate var sessionCache: Factory<Cache> {
    self { Cache() }.scope(.leakTestsSession).timeToLive(60)
  }
  fileprivate var asyncCoordinator: AsyncFactory<Coordinator> { self { Coordinator() } }
}

extension Scope {
  fileprivate static let leakTestsSession = Scope.custom("leak tests session")
}

@Suite struct LeakCheckTests {
  @Test func aCycleBetweenAViewModelAndItsCoordinatorIsOneReportNamingBoth() {
    let reports = withLeakCheck {
      _ = Container.shared.screen(cycle: true)()
    }
    #expect(reports.count == 1)
    #expect(reports.first?.root == "Container.leakTests.screen")
    #expect(
      reports.first?.instances.map(\.description) == [
        "Coordinator (Container.leakTests.screen → Container.coordinator)",
        "ScreenModel (Container.leakTests.screen)",
      ])
  }

  @Test func theSameGraphWithoutTheCycleReportsNothing() {
    let reports = withLeakCheck {
      _ = Container.shared.screen(cycle: false)()
    }
    #expect(reports.isEmpty)
  }

  @Test func whatTheTestStillHoldsWhenItEndsIsReported() {
    var kept: Coordinator?
    let reports = withLeakCheck { kept = Container.shared.coordinator() }
    #expect(reports.map(\.root) == ["Container.coordinator"])
    kept = nil
    _ = kept
  }

  @Test func keptScopesAreCheckedOnlyWhenAsked() {
    var held: [Cache] = []
    defer { held.removeAll() }
    let unchecked = withLeakCheck { held.append(Container.shared.cache()) }
    #expect(unchecked.isEmpty)
    let checked = withLeakCheck(.fail(alsoIn: [.cached])) { held.append(Container.shared.cache()) }
    #expect(checked.map(\.root) == ["Container.cache"])
  }

  @Test func aTimeToLiveInTheListChecksEveryScopeWithOne() {
    var held: [Cache] = []
    defer { held.removeAll() }
    let byKind = withLeakCheck(.fail(alsoIn: [.cached])) {
      held.append(Container.shared.sessionCache())
    }
    #expect(byKind.isEmpty)
    let byTimeToLive = withLeakCheck(.fail(alsoIn: [.timeToLive(1)])) {
      held.append(Container.shared.sessionCache())
    }
    #expect(byTimeToLive.map(\.root) == ["Container.sessionCache"])
  }

  @Test func ignoredTypesAreNeverReported() {
    var kept: Coordinator?
    let reports = withLeakCheck(.fail(ignoring: [Coordinator.self])) {
      kept = Container.shared.coordinator()
    }
    #expect(reports.isEmpty)
    kept = nil
    _ = kept
  }

  @Test func instancesFreedByTasksThatFinishLateAreNotReported() async {
    let reports = await withLeakCheck {
      await Task.yield()
      let coordinator = Container.shared.coordinator()
      Task.detached {
        try? await Task.sleep(nanoseconds: 50_000_000)
        _ = coordinator
      }
    }
    #expect(reports.isEmpty)
  }

  @Test func asyncFactoriesAreChecked() async {
    var kept: Coordinator?
    let reports = await withLeakCheck { kept = await Container.shared.asyncCoordinator() }
    #expect(reports.map(\.root) == ["Container.asyncCoordinator"])
    kept = nil
    _ = kept
  }

  @Test func theTraitRecordsOneIssueNamingTheTypesAndTheChain() async throws {
    let trait: ContainerTrait<Container> = .container(leaks: .fail)
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        _ = Container.shared.screen(cycle: true)()
      }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("2 instances built by Container.leakTests.screen outlived the test")
        && text.contains("Coordinator (Container.leakTests.screen → Container.coordinator)")
        && text.contains("ScreenModel (Container.leakTests.screen)")
    }
  }

  @Test func theTraitIsQuietWhenEverythingIsFreed() async throws {
    let trait: ContainerTrait<Container> = .container(leaks: .fail)
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: Test.Case.current) {
      _ = Container.shared.screen(cycle: false)()
    }
  }
}
