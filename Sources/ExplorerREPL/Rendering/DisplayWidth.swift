/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks and joiners none.
enum DisplayWidth {
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      if scalar.properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
      if isZeroWidth(scalar) { continue }
      width = max(width, 1)
    }
    return width
  }

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

  /// `text` followed by spaces up to `width` columns (or before it, aligned right).
  static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - of(text)))
    return right ? padding + text : text + padding
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: true
    default: scalar.value == 0xFE0F || scalar.value == 0xFE0E
    }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
