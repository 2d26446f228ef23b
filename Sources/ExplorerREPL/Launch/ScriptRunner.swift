internal import Foundation

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

  /// Runs `lines` in order and returns the exit code of the script; a nil line is one whose
  /// bytes are not UTF-8 text, which fails as a command that cannot be read.
  func run(_ lines: some Sequence<String?>) async -> ExitCode {
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
      let task = Task { @MainActor in
        guard let line else { return session.report(.command(.notText(line: index + 1))) }
        return await session.run(line, location: location)
      }
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

/// A script file, read whole before any of it runs.
enum ScriptFile {
  /// Why a script file cannot run.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// The lines of the script at `path`, split at any line break (a script saved with CRLF runs
  /// line by line too), or why none of it can run.
  static func lines(of path: String) -> Result<[String], Problem> {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return .failure(Problem(message: "cannot read the script \(path): there is no such file"))
    }
    guard !isFolder.boolValue else {
      return .failure(Problem(message: "cannot read the script \(path): it is a folder"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.isReadableFile(atPath: path) ? "it cannot be read" : "permission denied"
      return .failure(Problem(message: "cannot read the script \(path): \(reason)"))
    }
    var bytes = Array(data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let line =
        bytes.split(separator: 10, omittingEmptySubsequences: false)
        .firstIndex { String(validating: $0, as: UTF8.self) == nil }
        .map { $0 + 1 } ?? 1
      return .failure(
        Problem(message: "the script \(path) is not UTF-8 text: see line \(line)"))
    }
    return .success(
      text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
  }
}

/// Lines read from a file descriptor, standard input by default, one at a time as they
/// arrive; a line whose bytes are not UTF-8 text is nil, never decoded with replacements.
struct StandardInputLines: Sequence, IteratorProtocol {
  private let descriptor: Int32
  private var pending: [UInt8] = []
  private var atEnd = false

  init(descriptor: Int32 = 0) {
    self.descriptor = descriptor
  }

  mutating func next() -> String?? {
    while true {
      if let newline = pending.firstIndex(of: 10) {
        return .some(takeLine(through: newline))
      }
      if atEnd {
        return pending.isEmpty ? nil : .some(takeLine(through: pending.endIndex))
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        pending += chunk.prefix(count)
      } else if count == 0 || errno != EINTR {
        atEnd = true
      }
    }
  }

  /// Takes the bytes up to the line feed at `end` (or the end), and returns those before it,
  /// without a final carriage return, as text; nil when not UTF-8.
  private mutating func takeLine(through end: Int) -> String? {
    var line = pending[..<end]
    if line.last == 13 { line = line.dropLast() }
    let text = String(validating: line, as: UTF8.self)
    pending.removeFirst(Swift.min(end + 1, pending.count))
    return text
  }
}
