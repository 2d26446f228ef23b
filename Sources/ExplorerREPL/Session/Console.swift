/// Where the explorer writes: results to standard output, errors to standard error.
package protocol Console: AnyObject {
  /// Writes `line` and a line break to standard output.
  func out(_ line: String)
  /// Writes `line` and a line break to standard error.
  func err(_ line: String)
  /// Writes `text` as it is to standard output: a prompt.
  func write(_ text: String)
  /// Called before another program (a pager) takes the terminal over: nothing may draw on it
  /// meanwhile.
  func handOverTerminal()
}

extension Console {
  /// Does nothing: a console that draws nothing by itself has nothing to stop.
  package func handOverTerminal() {}
}

/// The process's own standard output and error, written straight to their descriptors so
/// nothing waits in a buffer when the process exits or a prompt is drawn.
///
/// A write that fails (a closed pipe) is dropped: there is nowhere left to report it.
package final class StandardConsole: Console {
  package init() {}

  package func out(_ line: String) { try? TerminalOutput.standardOutput.write(line + "\n") }
  package func err(_ line: String) { try? TerminalOutput.standardError.write(line + "\n") }
  package func write(_ text: String) { try? TerminalOutput.standardOutput.write(text) }
}
