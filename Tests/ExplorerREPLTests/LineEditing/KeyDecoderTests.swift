import ExplorerREPL
import Testing

/// Bytes in, keys out, whether the bytes arrive together or one at a time.
@Suite struct KeyDecoderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let keys: [Key]
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ keys: [Key]) {
      self.name = name
      self.bytes = bytes
      self.keys = keys
    }

    init(_ name: String, _ text: String, _ keys: [Key]) {
      self.init(name, Array(text.utf8), keys)
    }
  }

  static let escape: UInt8 = 0x1B

  static let cases: [Case] = [
    Case("ASCII letters", "sw", [.character("s"), .character("w")]),
    Case("two-byte UTF-8", "é", [.character("é")]),
    Case("three-byte CJK", "日本", [.character("日"), .character("本")]),
    Case("four-byte emoji", "🙂", [.character("🙂")]),
    Case("carriage return", "\r", [.enter]),
    Case("line feed", "\n", [.enter]),
    Case("CR LF is one Enter", "\r\n", [.enter]),
    Case("two line feeds are two", "\n\n", [.enter, .enter]),
    Case("two carriage returns are two", "\r\r", [.enter, .enter]),
    Case("tab", "\t", [.tab]),
    Case("DEL is backspace", [0x7F], [.backspace]),
    Case("BS is backspace", [0x08], [.backspace]),
    Case("delete", "\u{1B}[3~", [.delete]),
    Case("CSI arrows", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
    Case("SS3 arrows", "\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD", [.up, .down, .right, .left]),
    Case("CSI home and end", "\u{1B}[H\u{1B}[F", [.home, .end]),
    Case("VT home and end", "\u{1B}[1~\u{1B}[4~", [.home, .end]),
    Case("rxvt home and end", "\u{1B}[7~\u{1B}[8~", [.home, .end]),
    Case("SS3 home and end", "\u{1B}OH\u{1B}OF", [.home, .end]),
    Case("ctrl-arrows move by word", "\u{1B}[1;5D\u{1B}[1;5C", [.wordLeft, .wordRight]),
    Case("alt-b and alt-f move by word", "\u{1B}b\u{1B}f", [.wordLeft, .wordRight]),
    Case("alt-backspace deletes a word", [escape, 0x7F], [.deleteWordBackward]),
    Case(
      "control letters", [1, 5, 2, 6, 11, 21, 23, 12, 3, 4],
      ["a", "e", "b", "f", "k", "u", "w", "l", "c", "d"].map { Key.control($0) }),
    Case(
      "bracketed paste markers vanish", "\u{1B}[200~hi\u{1B}[201~",
      [.character("h"), .character("i")]),
    Case("an unknown CSI key is swallowed", "\u{1B}[15~x", [.character("x")]),
    Case("an unknown SS3 key is swallowed", "\u{1B}OPx", [.character("x")]),
    Case("an unknown alt key is swallowed", "\u{1B}zx", [.character("x")]),
    Case("a mouse report is swallowed", "\u{1B}[<0;12;5Mx", [.character("x")]),
    Case("a control byte cuts a sequence short", "\u{1B}[1\u{1}", [.control("a")]),
    Case("a stray continuation byte is dropped", [0x80, 0x61], [.character("a")]),
    Case("a broken lead byte is dropped", [0xC3, 0x61], [.character("a")]),
    Case("an impossible byte is dropped", [0xFF, 0x61], [.character("a")]),
    Case("C1 controls are dropped", [0xC2, 0x9B, 0x61], [.character("a")]),
    Case("NUL is dropped", [0x00, 0x61], [.character("a")]),
  ]

  @Test(arguments: cases)
  func decodesBytesThatArriveTogether(_ example: Case) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(example.bytes) == example.keys)
    #expect(!decoder.isPending)
  }

  @Test(arguments: cases)
  func decodesBytesThatArriveOneAtATime(_ example: Case) {
    var decoder = KeyDecoder()
    let keys = example.bytes.flatMap { decoder.feed([$0]) }
    #expect(keys == example.keys)
    #expect(!decoder.isPending)
  }

  @Test func anUnfinishedSequenceWaitsForItsRest() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([Self.escape, UInt8(ascii: "[")]) == [])
    #expect(decoder.isPending)
    #expect(decoder.feed([UInt8(ascii: "D")]) == [.left])
  }

  @Test func anUnfinishedCharacterWaitsForItsRest() {
    var decoder = KeyDecoder()
    let emoji = Array("🙂".utf8)
    #expect(decoder.feed(emoji.prefix(3)) == [])
    #expect(decoder.feed(emoji.suffix(1)) == [.character("🙂")])
  }

  @Test func anEndlessSequenceIsGivenUpAndTypingGoesOn() {
    var decoder = KeyDecoder()
    let noise = [Self.escape, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 100)
    #expect(decoder.feed(noise + Array("~a".utf8)).last == .character("a"))
  }
}
