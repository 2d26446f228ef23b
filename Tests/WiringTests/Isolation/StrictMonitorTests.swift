import Testing

@testable import Wiring

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
}
