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

/// Tab after a command's name offers what that command takes, from what is on screen.
@Suite struct ContextualCompletionTests {
  static let screen = CommandCompletion.Screen(
    rows: 3, names: ["Swinject/Swinject", "Swinject/SwinjectStoryboard", "apple/swift"])

  static let cases: [(String, String)] = [
    (":help d", ":help deps "),
    (":mode l", ":mode live "),
    (":mode f", ":mode fixtures "),
    (":search swift --so", ":search swift --sort "),
    (":search swift --sort st", ":search swift --sort stars "),
    (":search swift --sort stars --order d", ":search swift --sort stars --order desc "),
    (":search swift --l", ":search swift --l"),
    (":s swift --t", ":s swift --topic "),
    (":deps --m", ":deps --mermaid "),
    (":open 2", ":open 2 "),
    (":open a", ":open apple/swift "),
    (":open Swinject/", ":open Swinject/Swinject"),
    (":readme a", ":readme apple/swift "),
    (":open ", ":open "),
    (":open 1 ", ":open 1 "),
    (":se", ":search "),
  ]

  @Test(arguments: cases)
  func completesWhatTheCommandTakes(line: String, completed: String) {
    let completion = Completion(candidates: CommandCompletion.commands) {
      CommandCompletion.arguments(after: $0, on: Self.screen)
    }
    #expect(completion.complete(EditBuffer(line)).buffer.text == completed)
  }

  @Test func openListsTheRowsAndNamesOnScreen() {
    let completion = Completion(candidates: CommandCompletion.commands) {
      CommandCompletion.arguments(after: $0, on: Self.screen)
    }
    #expect(
      completion.complete(EditBuffer(":open ")).matches == [
        "1", "2", "3", "Swinject/Swinject", "Swinject/SwinjectStoryboard", "apple/swift",
      ])
  }
}
