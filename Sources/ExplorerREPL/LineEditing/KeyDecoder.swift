/// Turns the bytes a terminal sends in raw mode into keys, however the bytes are split.
///
/// Feed it bytes as they arrive; it returns the keys they complete and keeps the start of an
/// unfinished UTF-8 character or escape sequence for the next call. It never returns garbage:
/// escape sequences it does not know (bracketed-paste markers, function keys, mouse reports)
/// are consumed whole and produce no key, and bytes that are not UTF-8 are dropped.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B])  // []
/// decoder.feed([0x44])        // [.left]
/// ```
package struct KeyDecoder: Sendable {
  /// Bytes that start a key not yet complete.
  private var pending: [UInt8] = []
  /// Whether the last key was a carriage return, so that a line feed after it is its partner.
  private var afterCarriageReturn = false

  /// The longest escape sequence kept before it is given up as noise.
  static let longestSequence = 32

  package init() {}

  /// Whether some bytes wait for the rest of their key.
  package var isPending: Bool { !pending.isEmpty }

  /// Decodes `bytes` and returns the keys they complete, in order.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      pending.append(byte)
      decodePending(into: &keys)
    }
    return keys
  }

  private mutating func decodePending(into keys: inout [Key]) {
    while !pending.isEmpty {
      let lead = pending[0]
      switch Self.decode(pending) {
      case .incomplete:
        return
      case .skip(let length):
        pending.removeFirst(length)
      case .complete(let key, let length):
        pending.removeFirst(length)
        let isLineFeedOfPair = lead == 0x0A && afterCarriageReturn
        afterCarriageReturn = lead == 0x0D
        if !isLineFeedOfPair { keys.append(key) }
      }
    }
  }

  /// What the front of `bytes` holds.
  enum Step: Equatable {
    case complete(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  static func decode(_ bytes: [UInt8]) -> Step {
    let first = bytes[0]
    switch first {
    case 0x1B: return EscapeSequence.decode(bytes)
    case 0x00..<0x20, 0x7F:
      guard let key = controlKey(first) else { return .skip(length: 1) }
      return .complete(key, length: 1)
    case 0x20..<0x80: return .complete(.character(Character(Unicode.Scalar(first))), length: 1)
    default: return utf8(bytes)
    }
  }

  private static func controlKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x08, 0x7F: .backspace
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
    default: nil
    }
  }

  /// A multi-byte UTF-8 character, or a lead byte that turned out not to start one.
  private static func utf8(_ bytes: [UInt8]) -> Step {
    let length: Int
    switch bytes[0] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .skip(length: 1)
    }
    for index in 1..<min(length, bytes.count) where bytes[index] & 0xC0 != 0x80 {
      return .skip(length: 1)
    }
    guard bytes.count >= length else { return .incomplete }
    var iterator = bytes[..<length].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0xA0 else {
      return .skip(length: length)
    }
    return .complete(.character(Character(scalar)), length: length)
  }
}
