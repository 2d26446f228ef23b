import Foundation
import Testing
import Wiring
import WiringTesting

final class Settings: Sendable {}
final class Store: Sendable {
  let settings: Settings
  init(settings: Settings) { self.settings = settings }
}
final class Feed: Sendable {
  let store: Store
  init(store: Store) { self.store = store }
}

extension Container {
  fileprivate var settings: Factory<Settings> { self { Settings() }.cached }
  fileprivate var store: Factory<Store> { self { Store(settings: self.settings()) }.cached }
  fileprivate var feed: Factory<Feed> { self { Feed(store: self.store()) }.cached }
  fileprivate var feedForUser: ParameterFactory<Int, Feed> {
    self { _ in Feed(store: self.store()) }.cached.scopeOnParameters
  }
}

final class Clock: Sendable {}
final class Scheduler: Sendable {
  let clock: Clock
  init(clock: Clock) { self.clock = clock }
}

extension Container {
  fileprivate var clock: Factory<Clock> { self { Clock() }.cached }
  fileprivate var scheduler: Factory<Scheduler> { self { Scheduler(clock: self.clock()) }.cached }
  fileprivate var sharedScheduler: Factory<Scheduler> {
    self { Scheduler(clock: self.clock()) }.shared
  }
}

/// A strict test reports a kept instance still built from a registration the test replaced.
@Suite(.oneStrictCheckAtATime) struct StaleDependentTests {
  static let staleScheduler = [
    "Wiring strict mode: the kept `Container.scheduler` was built before `Container.clock` was ",
    "registered again or reset, so it still holds what the old `Container.clock` built ",
    "(Container.scheduler → Container.clock). Register `Container.clock` before anything ",
    "resolves `Container.scheduler`, or call `reset(.dependents)` on `Container.clock` after ",
    "registering it, which builds `Container.scheduler` again",
  ].joined()

  @Test(.container(strict: true))
  func aStaleCachedDependentAfterAnOverrideIsReported() {
    _ = Container.shared.scheduler()
    Container.shared.clock.register { Clock() }
    withKnownIssue {
      _ = Container.shared.scheduler()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == Self.staleScheduler
    }
  }

  /// A `.shared` dependent goes stale while held; once it is gone, the one built in its place
  /// is built from the override, and neither reported nor dumped as stale.
  @Test(.container(strict: true))
  func aSharedDependentBuiltAgainAfterTheStaleOneWentIsNotStale() {
    do {
      let held = Container.shared.sharedScheduler()
      Container.shared.clock.register { Clock() }
      withKnownIssue {
        #expect(Container.shared.sharedScheduler() === held)
      } matching: { issue in
        issue.comments.map(\.rawValue).joined()
          == Self.staleScheduler.replacingOccurrences(
            of: "Container.scheduler", with: "Container.sharedScheduler")
      }
    }
    let rebuilt = Container.shared.sharedScheduler()
    #expect(Container.shared.sharedScheduler() === rebuilt)
    #expect(rebuilt.clock === Container.shared.clock())
    let kept = Container.shared.manager.dump().instances.map(\.description)
    #expect(kept.contains { $0.hasPrefix("Container.sharedScheduler: ") })
    #expect(!kept.contains { $0.contains("stale") })
  }

  @Test(.container(strict: true))
  func registeringBeforeTheFirstResolutionIsNotReported() {
    Container.shared.clock.register { Clock() }
    #expect(Container.shared.scheduler() === Container.shared.scheduler())
  }

  @Test(.container(strict: true))
  func resettingTheDependentsRebuildsThemFromTheOverride() {
    let before = Container.shared.scheduler()
    let fake = Clock()
    Container.shared.clock.register { fake }
    Container.shared.clock.reset(.dependents)
    #expect(Container.shared.scheduler() !== before)
    #expect(Container.shared.scheduler().clock === fake)
  }

  @Test(.container(strict: true))
  func anInstanceThatOutlivesItsResetRegistrationIsReportedOnce() {
    let fake = Clock()
    Container.shared.clock.register { fake }
    #expect(Container.shared.clock() === fake)
    Container.shared.clock.reset(.registration)
    withKnownIssue {
      // Still the fake, as in Factory; reported once however often it is resolved.
      for _ in 0..<50 { #expect(Container.shared.clock() === fake) }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Wiring strict mode: the kept `Container.clock` was built by a registration that "
        + "`reset(.registration)` has removed, and is still returned, as in Factory: reset it "
        + "with `reset(.scope)` (or `reset()`) to build it from the declaration again"
    }
    Container.shared.clock.reset(.scope)
    #expect(Container.shared.clock() !== fake)
  }

  @Test(.container(strict: true))
  func resettingRegistrationAndScopeTogetherIsNotReported() {
    let fake = Clock()
    Container.shared.clock.register { fake }
    _ = Container.shared.clock()
    Container.shared.clock.reset(.all)
    #expect(Container.shared.clock() !== fake)
  }

  /// Runs `body` in a strict isolated test that collects its reports, and returns them.
  private static func reports(_ body: @Sendable () async -> Void) async -> [String] {
    let messages = Mutexed<[String]>([])
    let identity = IsolatedTest.Identity(
      id: "stale-\(Serial.next())", name: "staleReports()", strict: true,
      report: { message in
        messages.update { $0.append(message) }
        return true
      })
    await ContainerIsolation.run(Container.self, test: identity) { _ in await body() }
    return messages.update { $0 }
  }

  @Test func aStaleInstanceIsReportedOnceWithItsWholeChainHoweverOftenItIsResolved() async {
    let reports = await Self.reports {
      _ = Container.shared.feed()
      Container.shared.settings.register { Settings() }
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask { for _ in 0..<50 { _ = Container.shared.feed() } }
        }
      }
    }
    let expected = [
      "strict mode: the kept `Container.feed` was built before `Container.settings` was ",
      "registered again or reset, so it still holds what the old `Container.settings` built ",
      "(Container.feed → Container.store → Container.settings). Register `Container.settings` ",
      "before anything resolves `Container.feed`, or call `reset(.dependents)` on ",
      "`Container.settings` after registering it, which builds `Container.feed` again",
    ].joined()
    #expect(reports == [expected])
  }

  @Test func aStaleInstanceIsReportedAgainForEachFactoryThatChanges() async {
    let reports = await Self.reports {
      _ = Container.shared.feed()
      Container.shared.settings.register { Settings() }
      _ = Container.shared.feed()
      Container.shared.store.register { Store(settings: Settings()) }
      _ = Container.shared.feed()
      _ = Container.shared.feed()
    }
    #expect(reports.count == 2, "\(reports)")
    #expect(reports.allSatisfy { $0.contains("the kept `Container.feed`") })
  }

  @Test func perArgumentInstancesAreMarkedAndReportedWithTheirArgument() async {
    let reports = await Self.reports {
      _ = Container.shared.feedForUser(42)
      _ = Container.shared.feedForUser(7)
      Container.shared.settings.register { Settings() }
      let dump = Container.shared.manager.dump().instances.map(\.description)
      #expect(
        dump.contains(
          "Container.feedForUser: 2 kept, one per argument, stale for 42, 7: built before "
            + "Container.settings changed (through Container.store)"),
        "\(dump)")
      for _ in 0..<10 { _ = Container.shared.feedForUser(42) }
    }
    #expect(reports.count == 1, "\(reports)")
    #expect(
      reports.first?.hasPrefix(
        "strict mode: the kept `Container.feedForUser(42)` was built before "
          + "`Container.settings` was registered again or reset") == true)
    #expect(reports.first?.contains("(Container.feedForUser(42) → Container.store → ") == true)
  }

  @Test func resettingTheDependentsRebuildsPerArgumentInstances() async {
    let reports = await Self.reports {
      let before = Container.shared.feedForUser(42)
      let settings = Settings()
      Container.shared.settings.register { settings }
      Container.shared.settings.reset(.dependents)
      #expect(Container.shared.feedForUser(42) !== before)
      #expect(Container.shared.feedForUser(42).store.settings === settings)
    }
    #expect(reports.isEmpty, "\(reports)")
  }

  @Test(.container)
  func resettingDependentsOnAContainerThatDoesNotTrackThemIsReported() {
    _ = Container.shared.scheduler()
    withKnownIssue {
      Container.shared.clock.reset(.dependents)
      Container.shared.clock.reset(.dependents)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == Self.untrackedReset
    }
  }

  static let untrackedReset = [
    "Wiring dependents: `reset(.dependents)` on `Container.clock` dropped nothing: its container does not ",
    "track dependents; set `manager.tracksDependents = true` before the dependents are built ",
    "(strict tests do)",
  ].joined()

  @Test(.container)
  func theDumpOfAnIsolatedTestCallsItsSingletonsTheTests() {
    let dump = Container.shared.manager.dump()
    #expect(dump.singletonsAreTheTests)
    #expect(dump.description.contains("Singletons, this test's own (0)"))
  }

  @Test(.container(strict: true))
  func aStaleReportPointsAtTheRegistrationThatChangedTheFactory() {
    _ = Container.shared.scheduler()
    let line = #line + 1
    Container.shared.clock.register { Clock() }
    withKnownIssue {
      _ = Container.shared.scheduler()
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test(.container(strict: true))
  func aStaleReportAfterAResetPointsAtTheTest() {
    _ = Container.shared.scheduler()
    Container.shared.clock.register { Clock() }
    Container.shared.clock.reset()
    withKnownIssue {
      _ = Container.shared.scheduler()
    } matching: { issue in
      issue.sourceLocation == Test.current?.sourceLocation
    }
  }
}
