/// Runs lines without a prompt: from `-c`, a file, or piped standard input.
///
/// Ctrl-C cancels the line that is running and ends the script with `ExitCode.cancelled`.
@MainActor
struct ScriptRunner {
  let session: Session
  /// Whether a failing line lets the next ones run.
  let keepGoing: Bool
  /// Whether Ctrl-C cancels the script rather than ending the process.
  let catchesInterrupts: Bool
  /// The script file the lines come from, which errors name with the line number.
  var file: String? = nil

  /// Runs `lines` in order and returns the exit code of the script.
  func run(_ lines: some Sequence<String>) async -> ExitCode {
    let interrupt = LockedState(Interrupt())
    let watcher = InterruptWatcher {
      interrupt.withLock { state in
        state.happened = true
        state.running?.cancel()
      }
    }
    if catchesInterrupts { watcher.start() }
    defer { watcher.stop() }
    var exitCode = ExitCode.success
    for (index, line) in lines.enumerated() {
      let session = session
      let location = file.map { "\($0):\(index + 1)" }
      let task = Task { @MainActor in await session.run(line, location: location) }
      let cancelled = interrupt.withLock { state in
        state.running = task
        return state.happened
      }
      if cancelled { task.cancel() }
      let outcome = await task.value
      interrupt.withLock { $0.running = nil }
      if interrupt.withLock({ $0.happened }) { return .cancelled }
      switch outcome {
      case .done:
        continue
      case .quit:
        return exitCode
      case .failed(let code):
        if !keepGoing || code == .cancelled { return code }
        exitCode = code
      }
    }
    return interrupt.withLock { $0.happened } ? .cancelled : exitCode
  }

  /// Whether Ctrl-C was pressed, and the line to cancel when it is.
  private struct Interrupt {
    var happened = false
    var running: Task<Session.Outcome, Never>?
  }
}
