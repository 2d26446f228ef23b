#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A terminal switched to raw mode, which puts the previous mode back when asked.
///
/// In raw mode every key reaches the reader as soon as it is pressed: no echo, no line
/// buffering, and ^C, ^Z and ^\ arrive as bytes 3, 26 and 28 instead of signals. Output
/// post-processing stays on, so `"\n"` still starts a new line at the left edge.
///
/// While any terminal is in raw mode, SIGINT and SIGTERM (when nobody else handles them) put the
/// first terminal's mode back before the process dies of them, so a `kill` never leaves the
/// shell without echo.
///
/// ```swift
/// let raw = try RawMode.enter(descriptor: STDIN_FILENO)
/// defer { raw.restore() }
/// ```
package struct RawMode: Sendable {
  /// The terminal that is in raw mode.
  package let descriptor: Int32
  private let saved: termios

  /// Switches the terminal behind `descriptor` to raw mode.
  package static func enter(descriptor: Int32) throws(TerminalError) -> RawMode {
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else {
      let code = errno
      if code == ENOTTY || code == EINVAL { throw .notATerminal(descriptor: descriptor) }
      throw .systemCall("tcgetattr", errno: code)
    }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    SignalRestoration.begin(descriptor: descriptor, state: original)
    guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else {
      let code = errno
      SignalRestoration.end()
      throw .systemCall("tcsetattr", errno: code)
    }
    return RawMode(descriptor: descriptor, saved: original)
  }

  /// Puts back the mode the terminal had before ``enter(descriptor:)``.
  ///
  /// Call it exactly once; a failure is ignored, since there is nothing better to do with a
  /// terminal that went away.
  package func restore() {
    var original = saved
    _ = tcsetattr(descriptor, TCSADRAIN, &original)
    SignalRestoration.end()
  }
}
