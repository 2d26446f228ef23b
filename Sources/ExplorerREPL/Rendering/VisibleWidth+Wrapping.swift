extension VisibleWidth {
  /// `text` broken into lines of at most `width` columns at spaces, each line after the first
  /// starting with `indent`; a word longer than a line is cut, never lost.
  ///
  /// ```swift
  /// VisibleWidth.wrap("list the commands, or explain one", to: 16, indent: "  ")
  /// // ["list the", "  commands, or", "  explain one"]
  /// ```
  package static func wrap(_ text: String, to width: Int, indent: String = "") -> [String] {
    let indentWidth = of(indent)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    func room() -> Int { max(1, width - (lines.isEmpty ? 0 : indentWidth)) }
    func finish() {
      lines.append(lines.isEmpty ? line : indent + line)
      line = ""
      lineWidth = 0
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      let wordWidth = of(word)
      if lineWidth > 0, lineWidth + 1 + wordWidth > room() { finish() }
      while of(word) > room() {
        var head = ""
        for character in word {
          if of(head) + of(character) > room() { break }
          head.append(character)
        }
        line = head
        finish()
        word = String(word.dropFirst(head.count))
      }
      line += lineWidth > 0 ? " " + word : word
      lineWidth = of(line)
    }
    if lineWidth > 0 || lines.isEmpty { finish() }
    return lines
  }
}
