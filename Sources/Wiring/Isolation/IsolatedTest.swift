/// A test running in isolation, as the strict and fakes-only checks know it: its name, which
/// checks it runs, and the reports waiting to reach it.
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
    /// Whether every declared builder that runs must be marked `.safeInTests`.
    package let fakesOnly: Bool
    /// Records one report, at the code to fix when Wiring knows it (else the test's own
    /// location); returns false, recording nothing, when called outside the test.
    package let report: @Sendable (String, SourceSite?) -> Bool

    package init(
      id: String, name: String, strict: Bool, fakesOnly: Bool = false,
      report: @escaping @Sendable (String, SourceSite?) -> Bool
    ) {
      self.id = id
      self.name = name
      self.strict = strict
      self.fakesOnly = fakesOnly
      self.report = report
    }

    /// An identity whose reports carry no location.
    package init(
      id: String, name: String, strict: Bool, fakesOnly: Bool = false,
      report: @escaping @Sendable (String) -> Bool
    ) {
      self.init(
        id: id, name: name, strict: strict, fakesOnly: fakesOnly,
        report: { message, _ in report(message) })
    }
  }

  /// A place in the app's or test's source, as `#fileID`, `#filePath`, `#line` and `#column`
  /// give it: where a report points when Wiring knows the line to fix.
  package struct SourceSite: Sendable, Hashable {
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int
  }

  let id: String
  package let name: String
  private let report: @Sendable (String, SourceSite?) -> Bool
  private let state: Locked<State>

  private struct State {
    var strict: Bool
    var fakesOnly: Bool
    var pending: [(message: String, site: SourceSite?)] = []
    /// The causes reported already: each check reports a cause once per test.
    var reported: Set<Cause> = []

    /// Whether the test needs the monitor to look at resolutions.
    var isChecked: Bool { strict || fakesOnly }
  }

  init(_ identity: Identity) {
    id = identity.id
    name = identity.name
    report = identity.report
    state = Locked(State(strict: identity.strict, fakesOnly: identity.fakesOnly))
  }

  var isStrict: Bool { state.withLock(\.strict) }
  var isFakesOnly: Bool { state.withLock(\.fakesOnly) }
  /// Whether the test runs a check that looks at resolutions: strict or fakes-only.
  var isChecked: Bool { state.withLock(\.isChecked) }

  /// Turns on the checks a second trait on this test asks for.
  func addChecks(of identity: Identity) {
    let armed = state.withLock { state in
      let wasChecked = state.isChecked
      state.strict = state.strict || identity.strict
      state.fakesOnly = state.fakesOnly || identity.fakesOnly
      return !wasChecked && state.isChecked
    }
    if armed { StrictMonitor.checksGained(by: self) }
  }

  /// What a check reports, once per test however often it happens.
  enum Cause: Hashable {
    /// A fakes-only test ran the factory's declared builder.
    case declaredBuild(FactoryKey)
    /// A kept factory (`holder`) resolved a shorter-lived one while it was built.
    case capture(holder: FactoryKey, held: FactoryKey)
    /// A kept instance outlived the registration that built it.
    case removedRegistration(FactoryKey)
    /// A statement replaced modifiers the factory declares.
    case statement(FactoryKey)
    /// `reset(.dependents)` ran on a container that does not track dependents.
    case untrackedDependentsReset(FactoryKey)
    /// A kept instance (of `argument`, if kept per argument) was built before `cause` changed.
    case stale(FactoryKey, argument: String?, cause: FactoryKey)
  }

  /// Whether `cause` is reported by this test for the first time.
  func isFirstReport(of cause: Cause) -> Bool {
    state.withLock { $0.reported.insert(cause).inserted }
  }

  /// Queues `message`, pointing at `site`, the code to fix, when known.
  func enqueue(_ message: String, at site: SourceSite? = nil) {
    state.withLock { $0.pending.append((message, site)) }
  }

  /// Hands every queued report to the test; those it declines stay queued.
  package func deliverPending() {
    let messages = state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
    guard !messages.isEmpty else { return }
    let declined = messages.filter { !report($0.message, $0.site) }
    guard !declined.isEmpty else { return }
    state.withLock { $0.pending.insert(contentsOf: declined, at: 0) }
  }
}

/// Collects the reports of an isolated run that no test framework records: the fakes-only
/// check run from XCTest or a script.
package final class ReportLog: Sendable {
  private let reports = Locked<[String]>([])

  package init() {}

  /// An identity for a run outside a test framework, whose reports this log keeps.
  package func identity(name: String, fakesOnly: Bool) -> IsolatedTest.Identity {
    IsolatedTest.Identity(
      id: "\(ObjectIdentifier(self))", name: name, strict: false, fakesOnly: fakesOnly,
      report: { [reports] message in
        reports.withLock { $0.append(message) }
        return true
      })
  }

  /// What was reported, in order.
  package var all: [String] { reports.withLock { $0 } }
}
