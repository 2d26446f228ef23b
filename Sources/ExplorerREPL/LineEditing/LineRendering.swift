/// The bytes that draw the prompt and the line, each screen update as one string.
///
/// Pure functions of what is to be shown, so a redraw can be checked without a terminal. A new
/// line is a bare `"\n"`: raw mode keeps output post-processing on, which adds the `"\r"`.
enum LineRendering {
  static let clearToEndOfLine = "\u{1B}[K"
  static let clearScreen = "\u{1B}[H\u{1B}[2J"

  /// Redraws the prompt and the line in place and puts the cursor where the buffer's is.
  ///
  /// A line too long for the terminal scrolls sideways so the cursor stays in view; the last
  /// column is kept free so the cursor never wraps.
  ///
  // NB: only the line scrolls. A prompt as wide as the terminal, or a terminal resized to less
  // than the prompt, still wraps, and then the carriage return no longer reaches the prompt's
  // first row; each redraw would leave a stale row behind.
  static func line(prompt: String, buffer: EditBuffer, columns: Int) -> String {
    let promptWidth = VisibleWidth.of(prompt)
    let room = max(columns - promptWidth - 1, 1)
    let widths = buffer.characters.map { VisibleWidth.of($0) }
    var start = 0
    var beforeCursor = widths[..<buffer.cursor].reduce(0, +)
    while beforeCursor > room, start < buffer.cursor {
      beforeCursor -= widths[start]
      start += 1
    }
    var end = start
    var shown = 0
    while end < widths.count, shown + widths[end] <= room {
      shown += widths[end]
      end += 1
    }
    var text = "\r" + prompt + String(buffer.characters[start..<end]) + clearToEndOfLine + "\r"
    let cursorColumn = promptWidth + beforeCursor
    if cursorColumn > 0 { text += "\u{1B}[\(cursorColumn)C" }
    return text
  }

  /// The candidates below the line, in as many columns as fit, then a new line for the
  /// prompt to be redrawn on.
  static func matches(_ matches: [String], columns: Int) -> String {
    let cell = (matches.map { VisibleWidth.of($0) }.max() ?? 0) + 2
    let perRow = max(columns / cell, 1)
    var text = "\n"
    for (index, match) in matches.enumerated() {
      let isRowEnd = (index + 1) % perRow == 0 || index == matches.count - 1
      let padding = isRowEnd ? 0 : cell - VisibleWidth.of(match)
      text += match + String(repeating: " ", count: padding) + (isRowEnd ? "\n" : "")
    }
    return text
  }
}
