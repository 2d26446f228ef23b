import ExplorerREPL
import Testing

/// Each edit, from a line with a cursor to a line with a cursor; `|` marks the cursor.
@Suite struct EditBufferTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let before: String
    let edit: @Sendable (inout EditBuffer) -> Void
    let after: String
    var testDescription: String { "\(name): \(before) → \(after)" }

    init(
      _ name: String, _ before: String, _ after: String,
      _ edit: @escaping @Sendable (inout EditBuffer) -> Void
    ) {
      self.name = name
      self.before = before
      self.after = after
      self.edit = edit
    }
  }

  /// A buffer from text with a `|` where the cursor is.
  static func buffer(_ marked: String) -> EditBuffer {
    let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
    return EditBuffer(parts.joined(), cursor: parts[0].count)
  }

  static let cases: [Case] = [
    Case("insert at the end", ":sea|", ":search|") { $0.insert("rch") },
    Case("insert in the middle", ":op|n 1", ":ope|n 1") { $0.insert("e") },
    Case("insert wide characters", "|", "日本🙂|") { $0.insert("日本🙂") },
    Case("a combining mark joins the letter", "cafe|", "café|") { $0.insert("\u{301}") },
    Case("backspace", "ab|c", "a|c") { $0.deleteBackward() },
    Case("backspace at the start", "|abc", "|abc") { $0.deleteBackward() },
    Case("backspace an emoji whole", "a👍🏽|", "a|") { $0.deleteBackward() },
    Case("delete forward", "a|bc", "a|c") { $0.deleteForward() },
    Case("delete forward at the end", "abc|", "abc|") { $0.deleteForward() },
    Case("left", "ab|", "a|b") { $0.moveLeft() },
    Case("left at the start", "|ab", "|ab") { $0.moveLeft() },
    Case("right", "a|b", "ab|") { $0.moveRight() },
    Case("right at the end", "ab|", "ab|") { $0.moveRight() },
    Case("home", "ab|c", "|abc") { $0.moveToStart() },
    Case("end", "a|bc", "abc|") { $0.moveToEnd() },
    Case("word left", ":search swi|ft", ":search |swift") { $0.moveWordLeft() },
    Case("word left over spaces", ":search  |swift", "|:search  swift") { $0.moveWordLeft() },
    Case("word right", ":se|arch swift", ":search| swift") { $0.moveWordRight() },
    Case("word right over spaces", ":search| swift", ":search swift|") { $0.moveWordRight() },
    Case("ctrl-w deletes the word", ":search swift|", ":search |") { $0.deleteWordBackward() },
    Case("ctrl-w takes trailing spaces too", ":search swift  |", ":search |") {
      $0.deleteWordBackward()
    },
    Case("ctrl-w mid-word keeps the rest", ":search sw|ift", ":search |ift") {
      $0.deleteWordBackward()
    },
    Case("ctrl-w at the start", "|abc", "|abc") { $0.deleteWordBackward() },
    Case("ctrl-k", ":open| 12", ":open|") { $0.killToEnd() },
    Case("ctrl-u", ":open| 12", "| 12") { $0.killToStart() },
    Case("replace", "ab|c", "xyz|") { $0.replace(with: "xyz") },
  ]

  @Test(arguments: cases)
  func editsTheLineAndMovesTheCursor(_ example: Case) {
    var buffer = Self.buffer(example.before)
    example.edit(&buffer)
    #expect(buffer.description == example.after)
  }

  @Test func theCursorCountsCharactersNotScalars() {
    let buffer = EditBuffer("👨‍👩‍👧 e\u{301}")
    #expect(buffer.cursor == 3)
    #expect(buffer.characters.count == 3)
  }

  @Test func aCursorBeyondTheTextIsClamped() {
    #expect(EditBuffer("ab", cursor: 9).cursor == 2)
    #expect(EditBuffer("ab", cursor: -1).cursor == 0)
  }
}
