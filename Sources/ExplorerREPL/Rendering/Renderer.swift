/// Everything that decides how output looks: colour, width, dates.
struct Renderer: Sendable {
  let style: Style
  let formats: Formats
  /// Whether output goes to a file or a pipe: tables become whole tab-separated fields, as gh
  /// prints them, and what is said about them goes to standard error.
  let piped: Bool
  private let launchWidth: Int
  private let launchLineWidth: Int?
  /// The terminal's width now, for a terminal that may be resized; nil for output that goes
  /// to a file or a pipe, whose width was decided at launch.
  private let currentColumns: @Sendable () -> Int?
  /// The width of the terminal that standard error shows on, now; nil when it is a file or a
  /// pipe, where an error stays one line.
  private let errorColumns: @Sendable () -> Int?

  init(
    style: Style, formats: Formats, width: Int, lineWidth: Int?, piped: Bool = false,
    currentColumns: @escaping @Sendable () -> Int? = { nil },
    errorColumns: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.piped = piped
    self.style = style
    self.formats = formats
    launchWidth = width
    launchLineWidth = lineWidth
    self.currentColumns = currentColumns
    self.errorColumns = errorColumns
  }

  /// The width in columns that tables fit into: the terminal's as it is now.
  var width: Int { currentColumns().map { max(40, $0) } ?? launchWidth }

  /// The width that free-form lines (the dependency tree) are cut to: the terminal's or
  /// `COLUMNS`; nil when neither says, as when output goes to a file, so they are printed whole.
  var lineWidth: Int? { currentColumns().map { max(40, $0) } ?? launchLineWidth }

  /// One error line: what happened, then what to do.
  func error(_ description: String, advice: String?) -> String {
    let what = Sanitizer.line(description)
    let line = advice.map { "\(what) — \(Sanitizer.line($0))" } ?? what
    return style.failure("error:") + " " + line
  }

  /// The error line as a terminal on standard error shows it: wrapped between words to its
  /// width, later lines indented under the message. One line for a file or a pipe, so that
  /// each error stays one line to search.
  func errorLines(_ description: String, advice: String?) -> [String] {
    let line = error(description, advice: advice)
    guard let columns = errorColumns() else { return [line] }
    let hanging = String(repeating: " ", count: VisibleWidth.of("error: "))
    return VisibleWidth.wrap(line, to: max(40, columns), indent: hanging)
  }

  /// A note that is neither a result nor an error.
  func note(_ text: String) -> String {
    style.dim(text)
  }
}
