extension VisibleWidth {
  /// `text` cut to at most `width` columns, ending in "…" when something was cut.
  static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let next = of(character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    while result.last?.isWhitespace == true { result.removeLast() }
    return result + "…"
  }

  /// `text` followed by spaces up to `width` columns, or preceded by them when `right`.
  static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - of(text)))
    return right ? padding + text : text + padding
  }
}
