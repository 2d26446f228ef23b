internal import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What the REPL needs to know about the terminal it runs in, decided from plain inputs.
///
/// The initializer decides from values a test can make up; ``current(environment:)`` feeds it
/// the real ones.
///
/// ```swift
/// let facts = TerminalFacts.current()
/// let prompt = facts.allowsColor ? "\u{1B}[36m›\u{1B}[0m " : "› "
/// ```
package struct TerminalFacts: Equatable, Sendable {
  /// Whether standard input is a terminal, so keys can be read one by one and edited.
  package let standardInputIsTerminal: Bool
  /// Whether standard output is a terminal rather than a pipe or a file.
  package let standardOutputIsTerminal: Bool
  /// Whether standard error is a terminal: where the prompt goes when standard output is not.
  package let standardErrorIsTerminal: Bool
  /// The width of a line in columns: the terminal's, else `COLUMNS`, else 80.
  package let columns: Int
  /// Whether the terminal or `COLUMNS` gave `columns`, rather than the fallback.
  package let columnsAreKnown: Bool
  /// Whether output may carry ANSI colour.
  ///
  /// Only when standard output is a terminal, `NO_COLOR` is unset or empty
  /// (<https://no-color.org>) and `TERM` is not `dumb`.
  package let allowsColor: Bool

  /// The width used when neither the terminal nor `COLUMNS` says.
  package static let fallbackColumns = 80

  /// Decides every fact from the given inputs.
  ///
  /// - Parameter windowColumns: the width the terminal reported, `nil` when it reported none.
  package init(
    environment: [String: String],
    standardInputIsTerminal: Bool,
    standardOutputIsTerminal: Bool,
    standardErrorIsTerminal: Bool = false,
    windowColumns: Int?
  ) {
    self.standardInputIsTerminal = standardInputIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    if let windowColumns, windowColumns > 0 {
      columns = windowColumns
      columnsAreKnown = true
    } else if let text = environment["COLUMNS"], let value = Int(text), value > 0 {
      columns = value
      columnsAreKnown = true
    } else {
      columns = Self.fallbackColumns
      columnsAreKnown = false
    }
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    allowsColor = standardOutputIsTerminal && !noColor && environment["TERM"] != "dumb"
  }

  /// The facts of this process's standard input and output.
  package static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TerminalFacts {
    TerminalFacts(
      environment: environment,
      standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
      standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
      windowColumns: windowColumns(of: STDOUT_FILENO)
    )
  }

  /// The width the terminal behind `descriptor` reports, or `nil` if it is no terminal or
  /// reports zero.
  package static func windowColumns(of descriptor: Int32) -> Int? {
    windowSize(of: descriptor).flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil }
  }

  /// The height the terminal behind `descriptor` reports, or `nil` if it is no terminal or
  /// reports zero.
  package static func windowRows(of descriptor: Int32) -> Int? {
    windowSize(of: descriptor).flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil }
  }

  private static func windowSize(of descriptor: Int32) -> winsize? {
    var size = winsize()
    #if canImport(Glibc)
    let result = ioctl(descriptor, UInt(TIOCGWINSZ), &size)
    #else
    let result = ioctl(descriptor, TIOCGWINSZ, &size)
    #endif
    return result == 0 ? size : nil
  }
}
