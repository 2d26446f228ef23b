internal import ExplorerDomain
internal import ExplorerPresentation
internal import Wiring

/// Runs typed lines: parses each, sends it to the navigator or a view model, and prints the
/// screen that results, or one error line.
///
/// The session holds no navigation state of its own: the stack lives in the navigator that
/// `Container.shared` resolves, so a test can register another navigator and watch the output
/// change.
@MainActor
package final class Session {
  /// What a line led to.
  package enum Outcome: Sendable {
    /// The line ran (or was blank).
    case done
    /// The line failed; its error line was printed.
    case failed(ExitCode)
    /// The user asked to leave.
    case quit
  }

  /// Where output goes; the interactive loop wraps it while a spinner may be drawn.
  var console: any Console
  let renderer: Renderer
  let json: Bool
  /// The fields `--json FIELDS` keeps; nil for all.
  var jsonFields: Set<String>?
  let root: CompositionRoot
  let facts: [(String, String)]
  /// The process environment, for `BROWSER` and `PATH`.
  let environment: [String: String]
  /// What shows output taller than the terminal, if anything does.
  let pager: Pager?
  private(set) var lines: [String] = []
  /// Lines typed in earlier runs, from the history file, oldest first: `:history` lists them
  /// before this run's.
  var earlierLines: [String] = []

  init(
    console: any Console, renderer: Renderer, json: Bool, root: CompositionRoot,
    facts: [(String, String)], environment: [String: String] = [:], pager: Pager? = nil
  ) {
    self.environment = environment
    self.pager = pager
    self.console = console
    self.renderer = renderer
    self.json = json
    self.root = root
    self.facts = facts
  }

  var navigator: any Navigator { Container.shared.navigator() }

  /// Parses and runs one line, printing its output or its error; an error from a script file
  /// starts with the line's `location`, `FILE:LINE`.
  package func run(_ line: String, location: String? = nil) async -> Outcome {
    do throws(Failure) {
      guard let command = try parse(line) else { return .done }
      lines.append(line.trimmingWhitespace())
      return try await execute(command)
    } catch {
      return report(error, line: line, location: location)
    }
  }

  /// Prints `failure` of `line`, after `location` when the line has one, and fails with it.
  func report(_ failure: Failure, line: String = "", location: String? = nil) -> Outcome {
    let advice = advice(for: failure, line: line)
    if let location {
      let message = renderer.error(failure.description, advice: advice)
      console.err("\(Sanitizer.line(location)): \(message)")
    } else {
      renderer.errorLines(failure.description, advice: advice).forEach(console.err)
    }
    return .failed(failure.exitCode)
  }

  /// What to do about `failure` of `line`: for a request with no recording, how to list what is
  /// recorded and the command that records this one.
  private func advice(for failure: Failure, line: String) -> String? {
    guard case .presentation(.failed(.noRecording(_, let folder))) = failure else {
      return failure.advice
    }
    let commands = replay(of: line.trimmingWhitespace()).map { "-c \(ShellWord.quoted($0))" }
    let record = (["explorer --live --record \(ShellWord.quoted(folder))"] + commands)
      .joined(separator: " ")
    return ":recordings lists what is recorded; to record this one (needs the network): \(record)"
  }

  /// The lines that lead to what `line` asks for: itself, or, for a command that works on the
  /// list on screen (`:more`, `:open N`, `:readme`), the lines since the search that made it.
  private func replay(of line: String) -> [String] {
    let needsList: Bool =
      switch try? CommandParser.parse(line) {
      case .more?, .open(.row)?, .readme(nil)?: true
      default: false
      }
    guard needsList,
      let start = lines.lastIndex(where: {
        if case .search? = try? CommandParser.parse($0) { true } else { false }
      })
    else { return [line] }
    return Array(lines[start...])
  }

  private func parse(_ line: String) throws(Failure) -> Command? {
    do throws(CommandError) {
      return try CommandParser.parse(line)
    } catch {
      throw .command(error)
    }
  }

  private func execute(_ command: Command) async throws(Failure) -> Outcome {
    switch command {
    case .search(let query):
      try await show(.search(query))
    case .open(.name(let name)):
      try await show(.repository(name))
    case .open(.row(let row)):
      guard case .search(let model) = navigator.screen else {
        throw .session(.noList(command: "open"))
      }
      await model.open(row: row)
      try check(model.state.phase)
      printScreen()
    case .more:
      guard case .search(let model) = navigator.screen else {
        throw .session(.noList(command: "more"))
      }
      let shown = model.state.items.count
      await model.loadMore()
      // The end of the list is news, not a failure: a script that pages on goes on.
      if case .failed(let failure) = model.state.phase, case .noMorePages = failure {
        printNotice(failure.description)
        return .done
      }
      try check(model.state.phase)
      printSearch(model.state, from: shown)
    case .readme(let name?):
      try await show(.readme(name))
    case .readme(nil):
      try await readmeOfCurrentRepository()
    case .back:
      do throws(PresentationError) { try navigator.back() } catch { throw .presentation(error) }
      printScreen()
    case .home:
      navigator.home()
      printScreen()
    case .web(let name):
      try openInBrowser(name)
    case .deps(let format):
      try printDependencies(format)
    case .mode(nil):
      printMode(root.mode, changed: false)
    case .mode(let mode?):
      root.use(mode)
      printMode(mode, changed: true)
    case .recordings:
      try printRecordings()
    case .env:
      printFacts()
    case .history:
      printHistory()
    case .help(let topic):
      printHelp(topic)
    case .quit:
      return .quit
    }
    return .done
  }

  private func show(_ route: Route) async throws(Failure) {
    do throws(PresentationError) {
      try await navigator.show(route)
    } catch {
      throw .presentation(error)
    }
    printScreen()
  }

  private func readmeOfCurrentRepository() async throws(Failure) {
    switch navigator.screen {
    case .repository(let model):
      await model.openReadme()
      try check(model.state.phase)
      printScreen()
    case .readme:
      printScreen()
    default:
      throw .session(.noRepository(command: "readme"))
    }
  }

  private func check(_ phase: Phase) throws(Failure) {
    if let failure = phase.failure { throw .presentation(failure) }
  }
}
