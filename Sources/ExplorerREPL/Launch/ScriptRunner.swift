/// Runs lines without a prompt: from `-c`, a file, or piped standard input.
@MainActor
struct ScriptRunner {
  let session: Session
  /// Whether a failing line lets the next ones run.
  let keepGoing: Bool

  /// Runs `lines` in order and returns the exit code of the script.
  func run(_ lines: some Sequence<String>) async -> ExitCode {
    var exitCode = ExitCode.success
    for line in lines {
      switch await session.run(line) {
      case .done:
        continue
      case .quit:
        return exitCode
      case .failed(let code):
        if !keepGoing || code == .cancelled { return code }
        exitCode = code
      }
    }
    return exitCode
  }
}
