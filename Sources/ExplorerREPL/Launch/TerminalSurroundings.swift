#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What explorer learns about the terminal it runs in, at start.
package struct TerminalSurroundings: Sendable {
  /// Whether standard input is a terminal a person types at.
  package var stdinIsTerminal: Bool
  /// Whether standard output is a terminal rather than a pipe or a file.
  package var stdoutIsTerminal: Bool
  /// The terminal's width in columns, if it has one.
  package var columns: Int?

  package init(stdinIsTerminal: Bool, stdoutIsTerminal: Bool, columns: Int?) {
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.columns = columns
  }

  /// The surroundings of this process.
  package static func current() -> Self {
    var size = winsize()
    let hasSize = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
    return Self(
      stdinIsTerminal: isatty(STDIN_FILENO) == 1,
      stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
      columns: hasSize ? Int(size.ws_col) : nil)
  }
}
