import ExplorerREPL
import ExplorerTestSupport
import Foundation
import Wiring

/// Runs explorer in-process, in a container of its own, on the bundled fixtures, with its
/// output captured: `NO_COLOR`, piped output (ISO dates), 100 columns.
@MainActor
struct ExplorerHarness {
  let console = CapturedConsole()
  let container = Container()
  /// The terminal width the run reports.
  var columns = 100

  /// Runs explorer with `arguments` and `lines` as its script; `configure` runs after the
  /// composition root registered the app and before the first line, so a test can swap a layer.
  ///
  /// `live` replaces the default `--fixtures` of the bundled folder.
  func run(
    _ lines: [String], arguments: [String] = [], live: [String]? = nil,
    configure: @escaping @MainActor (Container) -> Void = { _ in }
  ) async -> ExitCode {
    let source = live ?? ["--fixtures", BundledFixtures.folder.path]
    return await Container.$shared.withValue(container) {
      await Explorer.main(
        arguments: ["explorer"] + source + arguments + lines.flatMap { ["-c", $0] },
        environment: ["NO_COLOR": "1"],
        console: console,
        terminal: TerminalFacts(
          environment: [:], standardInputIsTerminal: false, standardOutputIsTerminal: false,
          windowColumns: columns),
        catchesInterrupts: false,
        prepare: configure)
    }
  }
}
