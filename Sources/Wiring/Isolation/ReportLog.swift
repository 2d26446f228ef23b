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
