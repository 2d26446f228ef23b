import ExplorerREPL
import Testing

/// Tab on a line with a cursor; `|` marks the cursor.
@Suite struct CompletionTests {
  static let commands = [":search", ":open", ":back", ":help", ":quit", ":set"]

  struct Case: Sendable, CustomTestStringConvertible {
    let before: String
    let after: String
    let matches: [String]
    var testDescription: String { "\(before) → \(after)" }
  }

  static let cases: [Case] = [
    Case(before: ":o|", after: ":open |", matches: [":open"]),
    Case(before: ":back|", after: ":back |", matches: [":back"]),
    Case(before: ":s|", after: ":se|", matches: [":search", ":set"]),
    Case(before: ":se|", after: ":se|", matches: [":search", ":set"]),
    Case(before: "|", after: ":|", matches: commands),
    Case(before: ":x|", after: ":x|", matches: []),
    Case(before: "sw|", after: "sw|", matches: []),
    Case(before: ":search :q|", after: ":search :quit |", matches: [":quit"]),
    Case(before: ":h| swift", after: ":help |swift", matches: [":help"]),
    Case(before: ":h|elp", after: ":help |elp", matches: [":help"]),
  ]

  @Test(arguments: cases)
  func completesTheWordBeforeTheCursor(_ example: Case) {
    let outcome = Completion(candidates: Self.commands)
      .complete(EditBufferTests.buffer(example.before))
    #expect(outcome.buffer.description == example.after)
    #expect(outcome.matches == example.matches)
  }

  @Test func aCandidateListedTwiceIsOneMatch() {
    let outcome = Completion(candidates: ["swift", "swift"]).complete(EditBuffer("sw"))
    #expect(outcome.buffer.text == "swift ")
    #expect(outcome.matches == ["swift"])
  }

  @Test func wideCharactersCompleteLikeAnyOther() {
    let outcome = Completion(candidates: ["日本語", "日本酒"]).complete(EditBuffer("日"))
    #expect(outcome.buffer.description == "日本|")
  }
}
