import ExplorerREPL

/// A console that keeps what was written, standard output and error apart.
final class CapturedConsole: Console {
  private(set) var output: [String] = []
  private(set) var errors: [String] = []

  func out(_ line: String) {
    output.append(
      contentsOf: line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }
  func err(_ line: String) { errors.append(line) }

  /// The error lines on standard error, without the notes that piped output puts there too.
  var failures: [String] {
    errors.filter { $0.hasPrefix("error:") || $0.contains(": error:") || $0.hasPrefix("explorer:") }
  }
  func write(_ text: String) { output.append(text) }

  /// Forgets everything written so far.
  func clear() {
    output.removeAll()
    errors.removeAll()
  }
}
