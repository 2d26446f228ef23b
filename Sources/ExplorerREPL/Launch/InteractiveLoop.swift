/// The prompt a person types at: a banner, a breadcrumb prompt with line editing, history kept
/// across runs, Tab completion, Ctrl-C to cancel a request, and errors that never end it.
@MainActor
struct InteractiveLoop {
  let session: Session
  let environment: [String: String]
  /// Where the prompt is drawn: standard output, or standard error when output goes elsewhere.
  let screen: TerminalOutput
  /// The terminal explorer was started in; a spinner shows only when standard error is one.
  let terminal: TerminalFacts

  func run() async -> ExitCode {
    let screenIsNotStandardOutput = screen.descriptor != TerminalOutput.standardOutput.descriptor
    session.printBanner(onStandardError: screenIsNotStandardOutput)
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

  /// Runs `line`, with a spinner while it waits; Ctrl-C while it runs cancels it and comes back
  /// to the prompt.
  private func runCancellable(_ line: String) async -> Session.Outcome {
    let session = session
    // A request that takes a while shows a spinner on standard error, when that is a
    // terminal; it is erased before anything the line prints.
    let spinner = terminal.standardErrorIsTerminal ? Spinner(output: .standardError) : nil
    let console = session.console
    if let spinner {
      session.console = SpinnerStoppingConsole(console, stopping: spinner)
      spinner.start()
    }
    defer {
      spinner?.stop()
      session.console = console
    }
    // The terminal echoes a typed Ctrl-C as `^C` where the cursor is: erasing the spinner takes
    // it away with the spinner's line; otherwise the line ends there, as in a shell, so that
    // the cancelled command's error starts a line of its own.
    let announce: @Sendable () -> Void = {
      if spinner?.stop() != true { try? TerminalOutput.standardError.write("\n") }
    }
    // NB: the operation never throws, so neither does the wrapper.
    return
      (try? await InterruptWatcher.cancellingOnInterrupt(announce: announce) {
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
