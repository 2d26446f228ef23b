/// Everything that decides how output looks: colour, width, dates.
struct Renderer: Sendable {
  let style: Style
  let formats: Formats
  /// The terminal width in columns that tables fit into.
  let width: Int
  /// The width that free-form lines (the dependency tree) are cut to: the terminal's or
  /// `COLUMNS`; nil when neither says, as when output goes to a file, so they are printed whole.
  let lineWidth: Int?

  /// One error line: what happened, then what to do.
  func error(_ description: String, advice: String?) -> String {
    let what = Sanitizer.line(description)
    let line = advice.map { "\(what) — \(Sanitizer.line($0))" } ?? what
    return style.failure("error:") + " " + line
  }

  /// A note that is neither a result nor an error.
  func note(_ text: String) -> String {
    style.dim(text)
  }
}
