import ExplorerREPL
import ExplorerTestSupport
import Foundation
import Testing
import Wiring
import WiringTesting

/// Runs explorer in-process, in a container of its own, on the bundled fixtures, with its
/// output captured: `NO_COLOR`, piped output (ISO dates), 100 columns.
///
/// Every session runs under a leak check: a view model, coordinator or use case that the
/// container built and that outlives the session is recorded as an issue of the test.
@MainActor
struct ExplorerHarness {
  let console = CapturedConsole()
  /// The terminal width the run reports.
  var columns = 100
  /// Whether standard output is a terminal, which gets tables and wrapped notes instead of
  /// tab-separated rows.
  var outputIsTerminal = false
  /// Bytes piped to standard input, read as the script when no line is given; written before
  /// the run starts, so no more than a pipe holds (64 KiB on Linux).
  var piped: [UInt8] = []

  /// Runs explorer with `arguments` and `lines` as its script; `configure` runs after the
  /// composition root registered the app and before the first line, so a test can swap a layer.
  ///
  /// `live` replaces the default `--fixtures` of the bundled folder.
  func run(
    _ lines: [String], arguments: [String] = [], live: [String]? = nil,
    environment: [String: String] = [:],
    configure: @escaping @MainActor (Container) -> Void = { _ in }
  ) async -> ExitCode {
    let source = live ?? ["--fixtures", BundledFixtures.folder.path]
    let environment = environment.merging(["NO_COLOR": "1"]) { _, fixed in fixed }
    var exit = ExitCode.success
    var pipe: [Int32] = [0, 0]
    guard Foundation.pipe(&pipe) == 0 else {
      Issue.record("no pipe for standard input")
      return .internalError
    }
    _ = piped.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
    close(pipe[1])
    defer { close(pipe[0]) }
    let leaks = await withLeakCheck {
      exit = await Explorer.main(
        arguments: ["explorer"] + source + arguments + lines.flatMap { ["-c", $0] },
        environment: environment,
        console: console,
        terminal: TerminalFacts(
          environment: environment, standardInputIsTerminal: false,
          standardOutputIsTerminal: outputIsTerminal,
          windowColumns: columns),
        catchesInterrupts: false,
        standardInput: pipe[0],
        prepare: configure)
    }
    for report in leaks { Issue.record("explorer session: \(report)") }
    return exit
  }
}
