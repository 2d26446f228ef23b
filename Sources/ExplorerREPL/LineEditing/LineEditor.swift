#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What ``LineEditor/readLine(prompt:)`` ended with.
package enum LineEditOutcome: Equatable, Sendable {
  /// The user pressed Enter on this line, or the terminal hung up after it was typed.
  case line(String)
  /// The user pressed Ctrl-C: the line is abandoned and a fresh prompt should follow.
  case interrupted
  /// Ctrl-D on an empty line, or the terminal hung up.
  case endOfInput
}

/// Reads one line from a terminal with a prompt, editing keys, history and Tab completion.
///
/// The terminal is in raw mode only while ``readLine(prompt:)`` runs. Every change redraws the
/// prompt and the line with a single write. Accepted lines are added to ``history``. Input that
/// is not a terminal is refused with ``TerminalError/notATerminal(descriptor:)``: read a pipe
/// with `Swift.readLine()` instead.
///
/// Key bindings:
/// - Enter (CR or LF): accept the line.
/// - Left, Right, Ctrl-B, Ctrl-F: move one character. Home, End, Ctrl-A, Ctrl-E: to either end.
/// - Alt-B, Alt-F, Ctrl-Left, Ctrl-Right: move one word.
/// - Backspace, Ctrl-H: delete before the cursor. Delete: delete under the cursor.
/// - Ctrl-W, Alt-Backspace: delete the word before the cursor.
/// - Ctrl-K: delete to the end of the line. Ctrl-U: delete to its start.
/// - Up, Down, Ctrl-P, Ctrl-N: walk the history; the line being typed comes back at the bottom.
/// - Tab: complete the word before the cursor from ``completion``; Tab again lists the matches.
/// - Ctrl-R: search the history, newest first; Ctrl-R again for an older match, Enter to run
///   it, Ctrl-G to give up, any other key to edit it.
/// - Ctrl-L: clear the screen and redraw.
/// - Ctrl-Z: stop, as a shell's job does; `fg` brings the line back.
/// - Ctrl-C: abandon the line (``LineEditOutcome/interrupted``).
/// - Ctrl-D: end of input on an empty line, else delete under the cursor.
///
/// ```swift
/// var editor = LineEditor(completion: Completion(candidates: [":search", ":quit"]))
/// while case .line(let line) = try editor.readLine(prompt: "› ") { run(line) }
/// ```
package struct LineEditor: Sendable {
  /// Where keys are read from.
  package let input: Int32
  /// Where the prompt and the line are drawn.
  package let output: TerminalOutput
  /// The lines accepted so far, newest last.
  package var history: LineHistory
  /// The words Tab completes.
  package var completion: Completion

  /// The line being edited.
  var buffer = EditBuffer()
  /// Whether the last key was a Tab that left several matches, so the next Tab lists them.
  var tabListsMatches = false
  /// Ctrl-R's search of the history, while it runs.
  var search: HistorySearch?
  /// Keys read after the line that ended the last call, such as the rest of a paste.
  private var queuedKeys: [Key] = []
  private var decoder = KeyDecoder()

  package init(
    input: Int32 = STDIN_FILENO,
    output: TerminalOutput = .standardOutput,
    history: LineHistory = LineHistory(),
    completion: Completion = Completion(candidates: [])
  ) {
    self.input = input
    self.output = output
    self.history = history
    self.completion = completion
  }

  /// Shows `prompt`, lets the user edit a line, and returns how the editing ended.
  ///
  /// `prompt` may contain ANSI colour; its width on screen is measured without it.
  package mutating func readLine(prompt: String) throws(TerminalError) -> LineEditOutcome {
    try readLine { _ in prompt }
  }

  /// Shows the prompt `prompt` makes for the terminal's width at each redraw, so that a prompt
  /// can shrink to fit a narrow or resized terminal, and lets the user edit a line.
  package mutating func readLine(
    prompt: (_ columns: Int) -> String
  ) throws(TerminalError) -> LineEditOutcome {
    var raw: RawMode
    do throws(TerminalError) {
      raw = try RawMode.enter(descriptor: input)
    } catch .systemCall(_, let code) where code == EIO {
      return .endOfInput
    }
    defer { raw.restore() }
    buffer = EditBuffer()
    tabListsMatches = false
    search = nil
    let columns = columns
    try output.write(
      LineRendering.line(prompt: prompt(columns), buffer: buffer, columns: columns))
    while true {
      if queuedKeys.isEmpty {
        guard let keys = try readKeys() else {
          try? output.write("\n")
          return finishAtEndOfInput()
        }
        queuedKeys = keys
      }
      while !queuedKeys.isEmpty {
        let key = queuedKeys.removeFirst()
        let effect = apply(key)
        if effect == .suspend {
          raw = try suspend(raw)
          _ = try show(.redraw, prompt: prompt)
          continue
        }
        if let outcome = try show(effect, prompt: prompt) { return outcome }
      }
    }
  }

  /// The terminal's width now, so that a resize takes effect at the next redraw.
  private var columns: Int {
    TerminalFacts.windowColumns(of: output.descriptor) ?? TerminalFacts.fallbackColumns
  }

  private mutating func show(_ effect: Effect, prompt: (Int) -> String) throws(TerminalError)
    -> LineEditOutcome?
  {
    let columns = columns
    var redraw: String {
      let shown = search?.prompt ?? prompt(columns)
      return LineRendering.line(prompt: shown, buffer: buffer, columns: columns)
    }
    switch effect {
    case .none: return nil
    case .redraw: try output.write(redraw)
    case .clearScreen: try output.write(LineRendering.clearScreen + redraw)
    case .list(let matches):
      try output.write(LineRendering.matches(matches, columns: columns) + redraw)
    case .finish(let outcome):
      try output.write(outcome == .interrupted ? "^C\n" : "\n")
      return outcome
    case .suspend: break
    }
    return nil
  }

  /// Gives the terminal its mode back and stops the process, as Ctrl-Z does to a shell's job;
  /// once continued (`fg`), takes raw mode again. In a process group that a shell does not
  /// control, the stop is ignored and editing goes on.
  private func suspend(_ raw: RawMode) throws(TerminalError) -> RawMode {
    try? output.write("\n")
    raw.restore()
    kill(getpid(), SIGTSTP)
    return try RawMode.enter(descriptor: input)
  }

  /// The keys in the next bytes that arrive, or `nil` once input has ended.
  private mutating func readKeys() throws(TerminalError) -> [Key]? {
    var bytes = [UInt8](repeating: 0, count: 256)
    while true {
      let count = bytes.withUnsafeMutableBytes {
        Self.systemRead(input, $0.baseAddress!, $0.count)
      }
      if count > 0 {
        let keys = decoder.feed(bytes[..<count])
        if !keys.isEmpty { return keys }
        continue
      }
      if count == 0 { return nil }
      switch errno {
      case EINTR, EAGAIN: continue
      case EIO: return nil
      case let code: throw .systemCall("read", errno: code)
      }
    }
  }

  private mutating func finishAtEndOfInput() -> LineEditOutcome {
    guard !buffer.isEmpty else { return .endOfInput }
    history.add(buffer.text)
    return .line(buffer.text)
  }

  private static func systemRead(
    _ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
    #elseif canImport(Darwin)
    Darwin.read(descriptor, bytes, count)
    #endif
  }
}
