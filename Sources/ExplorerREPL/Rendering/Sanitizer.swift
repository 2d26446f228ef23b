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
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x1B:
        skipEscapeSequence(&scalars)
      case 0x9B:
        skipControlSequence(&scalars)
      case 0x9D, 0x90, 0x98, 0x9E, 0x9F:
        skipString(&scalars)
      case 0x0A, 0x09:
        result.append(scalar)
      case 0x0D:
        continue
      case 0x00..<0x20, 0x7F, 0x80..<0xA0:
        continue
      case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Skips what follows an ESC: a CSI or string sequence, or the one character of a short one.
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let next = scalars.next() else { return }
    switch next {
    case "[": skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_": skipString(&scalars)
    default: return
    }
  }

  /// Skips parameters up to and including the final byte (`@` to `~`) of a control sequence.
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
    }
  }

  /// Skips an operating-system command or other string up to BEL or the string terminator.
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    var afterEscape = false
    while let scalar = scalars.next() {
      if scalar.value == 0x07 || scalar.value == 0x9C { return }
      if afterEscape && scalar == "\\" { return }
      afterEscape = scalar.value == 0x1B
    }
  }
}
