import ExplorerREPL
import Foundation
import Testing

extension ProcessSignalTests {
  /// The editor driven through a pseudo-terminal: keys typed on one side, lines returned and
  /// the screen drawn on the other.
  @Suite struct LineEditorTests {
    struct Session {
      var results: [EditorThread.Result]
      var screen: String
      var history: LineHistory?
    }

    /// Types each of `steps` once the editor shows a fresh prompt, one `readLine` per step.
    func run(
      _ steps: [String], prompt: String = "› ", candidates: [String] = [],
      history: [String] = [], columns: UInt16 = 80
    ) throws -> Session {
      let pty = try PseudoTerminal(columns: columns)
      let editor = LineEditor(
        input: pty.terminal, output: TerminalOutput(descriptor: pty.terminal),
        history: LineHistory(entries: history), completion: Completion(candidates: candidates))
      let thread = EditorThread(editor: editor, prompt: prompt, calls: steps.count)
      var results: [EditorThread.Result] = []
      for (index, keys) in steps.enumerated() {
        let freshPrompt = index == 0 ? "\r" + prompt : "\r\n\r" + prompt + "\u{1B}[K"
        try #require(pty.readScreen(untilItContains: freshPrompt, times: max(index, 1)))
        pty.type(keys)
        results.append(try #require(thread.nextResult()))
      }
      try #require(thread.waitUntilFinished())
      try #require(pty.readScreen(untilItContains: EditorThread.sentinel))
      let history = thread.finalHistory.take(within: PseudoTerminal.patience)
      return Session(results: results, screen: pty.screen, history: history)
    }

    @Test func tabCompletesTheWordAndEnterAcceptsTheLine() throws {
      let session = try run(["sw\t\r"], candidates: [":search", "swift", ":quit"])
      #expect(session.results == [.outcome(.line("swift "))])
      #expect(session.screen.contains("\r› sw\u{1B}[K"))
      #expect(session.screen.contains("\r› swift \u{1B}[K\r\u{1B}[8C"))
    }

    @Test func upArrowRecallsThePreviousLine() throws {
      let session = try run([":search swift\r", "\u{1B}[A\r"])
      #expect(session.results == Array(repeating: .outcome(.line(":search swift")), count: 2))
      #expect(session.screen.components(separatedBy: "\r› :search swift\u{1B}[K").count == 3)
      #expect(session.history?.entries == [":search swift"])
    }

    @Test func leftArrowsMoveTheCursorSoTypingInsertsInTheMiddle() throws {
      let session = try run([":opn 1\u{1B}[D\u{1B}[D\u{1B}ODe\r"])
      #expect(session.results == [.outcome(.line(":open 1"))])
      #expect(session.screen.contains("\r› :open 1\u{1B}[K\r\u{1B}[6C"))
    }

    @Test func ctrlCAbandonsTheLineAndTheNextPromptStartsEmpty() throws {
      let session = try run(["half typed\u{3}", "\r"])
      #expect(session.results == [.outcome(.interrupted), .outcome(.line(""))])
      #expect(session.screen.contains("\r› half typed\u{1B}[K\r\u{1B}[12C^C\r\n"))
      #expect(session.history?.entries == [])
    }

    @Test func ctrlDOnAnEmptyLineEndsTheInput() throws {
      let session = try run(["\u{4}"])
      #expect(session.results == [.outcome(.endOfInput)])
    }

    @Test func ctrlDOnTextDeletesUnderTheCursor() throws {
      let session = try run(["ab\u{1}\u{4}\r"])
      #expect(session.results == [.outcome(.line("b"))])
    }

    @Test func aSecondTabListsTheMatchesAndRedrawsTheLine() throws {
      let session = try run([":s\t\t\u{15}\r"], candidates: [":search", ":set", ":open"])
      #expect(session.results == [.outcome(.line(""))])
      let listing = "\r› :se\u{1B}[K\r\u{1B}[5C\r\n:search  :set\r\n\r› :se\u{1B}[K"
      #expect(session.screen.contains(listing))
    }

    @Test func ctrlLClearsTheScreenAndRedraws() throws {
      let session = try run(["ab\u{C}\r"])
      #expect(session.results == [.outcome(.line("ab"))])
      #expect(session.screen.contains("\u{1B}[H\u{1B}[2J\r› ab\u{1B}[K"))
    }

    @Test func aColouredPromptIsMeasuredWithoutItsEscapeSequences() throws {
      let prompt = "\u{1B}[36m›\u{1B}[0m "
      let session = try run(["日本\u{1B}[D\r"], prompt: prompt)
      #expect(session.results == [.outcome(.line("日本"))])
      #expect(session.screen.contains("\r\(prompt)日本\u{1B}[K\r\u{1B}[4C"))
    }

    @Test func aLineLongerThanTheTerminalScrollsToKeepTheCursorInView() throws {
      let line = "abcdefghijklmnopqrstuvwxyz"
      let session = try run([line + "\r"], columns: 20)
      #expect(session.results == [.outcome(.line(line))])
      #expect(session.screen.contains("\r› jklmnopqrstuvwxyz\u{1B}[K\r\u{1B}[19C"))
    }

    @Test func editingKeysChangeTheLineWhereTheCursorIs() throws {
      let keys = ":search swift\u{17}rust\u{1B}[H\u{1B}[3~\u{5}\u{1B}b\u{B}go\r"
      let session = try run([keys])
      #expect(session.results == [.outcome(.line("search go"))])
    }

    @Test func ctrlUThenTypingReplacesTheWholeLine() throws {
      let session = try run([":open 12\u{1B}[D\u{15}\u{1B}[F:back\r"])
      #expect(session.results == [.outcome(.line("2:back"))])
    }

    @Test func downAfterUpGivesBackTheLineBeingTyped() throws {
      let session = try run([":se\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}[B\r"], history: ["one", "two"])
      #expect(session.results == [.outcome(.line(":se"))])
      #expect(session.screen.contains("\r› one\u{1B}[K"))
      #expect(session.history?.entries == ["one", "two", ":se"])
    }

    @Test func aHangUpReturnsTheTypedLineThenEndsTheInput() throws {
      let pty = try PseudoTerminal()
      let editor = LineEditor(input: pty.terminal, output: TerminalOutput(descriptor: pty.terminal))
      let thread = EditorThread(editor: editor, prompt: "› ", calls: 2)
      try #require(pty.readScreen(untilItContains: "\r› "))
      pty.type("half")
      try #require(pty.readScreen(untilItContains: "› half"))
      pty.hangUp()
      #expect(thread.nextResult() == .outcome(.line("half")))
      #expect(thread.nextResult() == .outcome(.endOfInput))
      #expect(thread.waitUntilFinished())
    }

    @Test func keysTypedAheadOfTheNextPromptAreKeptForIt() throws {
      let session = try run(["one\rtwo\r", ""])
      #expect(session.results == [.outcome(.line("one")), .outcome(.line("two"))])
    }
  }
}
