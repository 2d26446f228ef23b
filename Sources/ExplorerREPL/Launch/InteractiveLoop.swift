/// The prompt a person types at: a banner, a breadcrumb prompt with line editing, history kept
/// across runs, Tab completion, Ctrl-C to cancel a request, and errors that never end it.
@MainActor
struct InteractiveLoop {
  let session: Session
  let environment: [String: String]
  /// Where the prompt is drawn: standard output, or standard error when output goes elsewhere.
  let screen: TerminalOutput

  func run() async -> ExitCode {
    session.printBanner(onStandardError: screen.descriptor != TerminalOutput.standardOutput.descriptor)
    let file = HistoryFile.standard(environment: environment)
    var editor = LineEditor(output: screen)
    if let file {
      do throws(HistoryFileError) {
        editor.history = LineHistory(entries: try file.load())
        session.earlierLines = editor.history.entries
      } catch {
        session.console.err(session.renderer.note("history not loaded: \(error.description)"))
      }
    }
    defer { save(editor.history, to: file) }
    while true {
      let onScreen = session.completionScreen()
      editor.completion = Completion(candidates: CommandCompletion.commands) { before in
        CommandCompletion.arguments(after: before, on: onScreen)
      }
      let outcome: LineEditOutcome
      do throws(TerminalError) {
        outcome = try editor.readLine { columns in session.prompt(columns: columns) }
      } catch {
        session.console.err(session.renderer.error(error.description, advice: nil))
        return .internalError
      }
      switch outcome {
      case .interrupted:
        continue
      case .endOfInput:
        return .success
      case .line(let line):
        if case .quit = await runCancellable(line) { return .success }
      }
    }
  }

  /// Runs `line`; Ctrl-C while it runs cancels it and comes back to the prompt.
  ///
  /// The terminal has echoed `^C` where the cursor was, so the line ends there, before the
  /// cancelled command's error, as in a shell.
  private func runCancellable(_ line: String) async -> Session.Outcome {
    let session = session
    // NB: the operation never throws, so neither does the wrapper.
    return
      (try? await InterruptWatcher.cancellingOnInterrupt(announce: { try? TerminalOutput.standardError.write("\n") }) {
        await session.run(line)
      }) ?? .done
  }

  private func save(_ history: LineHistory, to file: HistoryFile?) {
    guard let file else { return }
    do throws(HistoryFileError) {
      try file.save(history.entries)
    } catch {
      session.console.err(session.renderer.note("history not saved: \(error.description)"))
    }
  }
}
