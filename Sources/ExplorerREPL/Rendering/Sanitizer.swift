/// Removes what a terminal would obey rather than print from text that came from GitHub or a
/// fixture: escape sequences, control characters and bidirectional overrides.
///
/// A description such as `"\u{1B}]0;pwned\u{07}colours"` prints as `colours`, never retitling
/// the window, moving the cursor or hiding text.
enum Sanitizer {
  /// `text` on one line: line breaks and tabs become spaces, runs of spaces collapse.
  static func line(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for scalar in printable(text).unicodeScalars {
      let isSpace = scalar == "\n" || scalar == "\t" || scalar == " "
      if isSpace {
        if !lastWasSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
      } else {
        result.unicodeScalars.append(scalar)
      }
      lastWasSpace = isSpace
    }
    return result.hasSuffix(" ") ? String(result.dropLast()) : result
  }

  /// `text` with its line breaks kept and tabs expanded to two spaces.
  static func text(_ text: String) -> String {
    var result = ""
    for scalar in printable(text).unicodeScalars {
      if scalar == "\t" {
        result += "  "
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Drops escape sequences and every control character but line feed and tab.
  private static func printable(_ text: String) -> String {
    String(ControlFunctions.stripped(from: text).unicodeScalars.filter(isPrintable))
  }

  /// Whether `scalar`, outside any escape sequence, prints: line feed and tab do, carriage
  /// return, other controls and bidirectional overrides do not.
  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: true
    case 0x00..<0x20, 0x7F, 0x80..<0xA0: false
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: false
    default: true
    }
  }
}
