/// A test running in isolation, as the strict check knows it: its name, whether it is strict,
/// and the reports waiting to reach it.
///
/// Reports are queued and delivered through the test's `report` function, which records them
/// only when called from the test's own task (where the test framework can attribute them);
/// elsewhere it declines and the report waits for the test's next resolution or its end.
package final class IsolatedTest: Sendable {
  /// What `WiringTesting` says about a test as it isolates it.
  package struct Identity: Sendable {
    /// Tells tests apart: two traits on one test pass the same id.
    package let id: String
    /// The name reports use.
    package let name: String
    package let strict: Bool
    /// Records one report; returns false, recording nothing, when called outside the test.
    package let report: @Sendable (String) -> Bool

    package init(
      id: String, name: String, strict: Bool, report: @escaping @Sendable (String) -> Bool
    ) {
      self.id = id
      self.name = name
      self.strict = strict
      self.report = report
    }
  }

  let id: String
  package let name: String
  private let report: @Sendable (String) -> Bool
  private let state: Locked<State>

  private struct State {
    var strict: Bool
    var pending: [String] = []
  }

  init(_ identity: Identity) {
    id = identity.id
    name = identity.name
    report = identity.report
    state = Locked(State(strict: identity.strict))
  }

  var isStrict: Bool { state.withLock(\.strict) }

  /// Turns on strict checks for this test, when a second trait on it asks for them.
  func makeStrict() {
    let changed = state.withLock { state in
      defer { state.strict = true }
      return !state.strict
    }
    if changed { StrictMonitor.strictnessGained(by: self) }
  }

  func enqueue(_ message: String) {
    state.withLock { $0.pending.append(message) }
  }

  /// Hands every queued report to the test; those it declines stay queued.
  package func deliverPending() {
    let messages = state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
    guard !messages.isEmpty else { return }
    let declined = messages.filter { !report($0) }
    guard !declined.isEmpty else { return }
    state.withLock { $0.pending.insert(contentsOf: declined, at: 0) }
  }
}
