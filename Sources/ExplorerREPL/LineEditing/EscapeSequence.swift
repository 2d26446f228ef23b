/// The keys that arrive as escape sequences: `ESC [ … final` (CSI), `ESC O x` (SS3) and
/// `ESC x` (Alt plus a key).
enum EscapeSequence {
  static func decode(_ bytes: [UInt8]) -> KeyDecoder.Step {
    guard bytes.count > 1 else { return .incomplete }
    switch bytes[1] {
    case UInt8(ascii: "["): return controlSequence(bytes)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else { return .incomplete }
      return shiftThree(bytes[2]).map { .complete($0, length: 3) } ?? .skip(length: 3)
    case 0x1B: return .skip(length: 1)
    case UInt8(ascii: "b"): return .complete(.wordLeft, length: 2)
    case UInt8(ascii: "f"): return .complete(.wordRight, length: 2)
    case 0x7F, 0x08: return .complete(.deleteWordBackward, length: 2)
    case 0x20..<0x7F: return .skip(length: 2)
    default: return .skip(length: 1)
    }
  }

  private static func shiftThree(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F), one final byte
  /// (0x40–0x7E). A byte outside those ranges ends the sequence early and is decoded afresh.
  private static func controlSequence(_ bytes: [UInt8]) -> KeyDecoder.Step {
    var index = 2
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        guard index < KeyDecoder.longestSequence else { return .skip(length: index) }
      case 0x40...0x7E:
        let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
        return key(parameters: parameters, final: byte).map { .complete($0, length: index + 1) }
          ?? .skip(length: index + 1)
      default:
        return .skip(length: index)
      }
    }
    return .incomplete
  }

  private static func key(parameters: String, final: UInt8) -> Key? {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let modified = fields.count > 1 && fields[1] != "1"
    switch (final, modified) {
    case (UInt8(ascii: "C"), true): return .wordRight
    case (UInt8(ascii: "D"), true): return .wordLeft
    case (UInt8(ascii: "~"), _):
      switch fields.first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      default: return nil
      }
    default: return shiftThree(final)
    }
  }
}
