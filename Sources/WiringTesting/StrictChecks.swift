internal import Testing
internal import Wiring

/// What the trait tells Wiring about a test, and how Wiring's reports become issues.
enum StrictChecks {
  /// Teaches the strict check which containers are process-wide, and how to tell a test's task.
  static func prepare<C: SharedContainer>(for type: C.Type) async {
    StrictMonitor.setTestProbe { Test.current != nil }
    await StrictMonitor.learnProcessWide(Container.self)
    await StrictMonitor.learnProcessWide(C.self)
  }
}

extension IsolatedTest.Identity {
  /// The identity of `test`, whose reports are recorded as its issues, at its source location.
  static func of(_ test: Test, strict: Bool, fakesOnly: Bool = false) -> Self {
    let id = test.id
    let location = test.sourceLocation
    return Self(
      id: String(describing: id), name: test.displayName ?? test.name, strict: strict,
      fakesOnly: fakesOnly,
      report: { message, site in
        // NB: an issue recorded outside the test's task is attributed to no test; decline it
        // and let Wiring deliver it at the test's next resolution or at its end.
        guard Test.current?.id == id else { return false }
        let at =
          site.map {
            SourceLocation(
              fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
          } ?? location
        Issue.record("Wiring \(message)", sourceLocation: at)
        return true
      })
  }
}
