import Testing

@testable import Wiring

extension Container {
  fileprivate var monitoredProbe: Factory<Service> { self { Service(name: "probe") } }
}

/// A task marked unwatched is outside the checks of every strict test, so that tests of the
/// lock-free paths take those paths whatever runs beside them.
@Suite struct StrictMonitorTests {
  @Test func aStrictTestWatchesEveryTaskButOneMarkedUnwatchedAndTheTasksItStarts() async {
    let strict = IsolatedTest.Identity(
      id: "watching", name: "watchingTest()", strict: true, report: { _ in true })
    await ContainerIsolation.run(Container.self, test: strict) { _ in
      #expect(StrictMonitor.isArmed)
      await StrictMonitor.$isUnwatched.withValue(true) {
        #expect(!StrictMonitor.isArmed)
        #expect(await Task { StrictMonitor.isArmed }.value == false)
        // A detached task carries no task-locals: what it resolves is watched as before.
        #expect(await Task.detached { StrictMonitor.isArmed }.value)
      }
      #expect(StrictMonitor.isArmed)
    }
  }

  /// A second trait on one test that asks for strict checks turns them on for the whole test:
  /// a resolution that falls back to the process-wide container is reported to it. The
  /// fallback, from a detached task, is told to every strict test running at that moment, so
  /// this runs in a child process.
  @Test func aSecondTraitOfOneTestThatAsksForStrictChecksTurnsThemOn() async {
    await #expect(processExitsWith: .success) {
      let messages = Mutexed<[String]>([])
      func identity(strict: Bool) -> IsolatedTest.Identity {
        IsolatedTest.Identity(
          id: "twoTraits", name: "twoTraitsTest()", strict: strict,
          report: { message in
            messages.update { $0.append(message) }
            return true
          })
      }
      StrictMonitor.setTestProbe { Test.current != nil }
      await StrictMonitor.learnProcessWide(Container.self)
      await ContainerIsolation.run(Container.self, test: identity(strict: false)) { _ in
        await ContainerIsolation.run(Container.self, test: identity(strict: true)) { _ in
          _ = await Task.detached { Container.shared.monitoredProbe() }.value
        }
      }
      #expect(messages.read { $0.contains { $0.contains("monitoredProbe") } })
    }
  }
}
