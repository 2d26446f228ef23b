/// The control functions (ECMA-48) a terminal obeys rather than prints, skipped over in text
/// being read.
///
/// A sequence starts with ESC, or with one of the 8-bit introducers CSI (U+009B), OSC, DCS, SOS,
/// PM and APC. A control sequence (`ESC [`) ends at its final byte, `@` to `~`; a string
/// sequence (OSC, DCS, SOS, PM, APC) ends at BEL or at the string terminator (`ESC \` or
/// U+009C); any other `ESC x` is two characters long. An unterminated sequence runs to the end.
enum ControlFunctions {
  /// `text` without the sequences it holds.
  static func stripped(from text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if starts(with: scalar) {
        skip(after: scalar, in: &scalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` starts a sequence.
  static func starts(with scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1B, 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F: true
    default: false
    }
  }

  /// Skips the rest of the sequence that `introducer`, just read from `scalars`, starts.
  static func skip(
    after introducer: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator
  ) {
    switch introducer.value {
    case 0x1B: skipAfterEscape(&scalars)
    case 0x9B: skipControlSequence(&scalars)
    default: skipString(&scalars)
    }
  }

  /// Skips what follows an ESC: a control or string sequence, or the one character of a short one.
  private static func skipAfterEscape(_ scalars: inout String.UnicodeScalarView.Iterator) {
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

  /// Skips a string sequence up to BEL or the string terminator.
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    var afterEscape = false
    while let scalar = scalars.next() {
      if scalar.value == 0x07 || scalar.value == 0x9C { return }
      if afterEscape && scalar == "\\" { return }
      afterEscape = scalar.value == 0x1B
    }
  }
}
