import ExplorerREPL
import Foundation
import Testing

extension ProcessSignalTests {
  /// The editor driven through a pseudo-terminal: keys typed on one side, lines returned and
  /// the screen drawn on the other.
  @Suite struct LineEditorTests {
    struct Typing {
      var results: [EditorThread.Result]
      var screen: String
      var history: LineHistory?
    }

    /// Types each of `steps` once the editor shows a fresh prompt, one `readLine` per step.
    func run(
      _ steps: [String], prompt: String = "› ", candidates: [String] = [],
      history: [String] = [], columns: UInt16 = 80
    ) throws -> Typing {
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
      return Typing(results: results, screen: pty.screen, history: history)
    }

    @Test func tabCompletesTheWordAndEnterAcceptsTheLine() throws {
      let typing = try run(["sw\t\r"], candidates: [":search", "swift", ":quit"])
      #expect(typing.results == [.outcome(.line("swift "))])
      #expect(typing.screen.contains("\r› sw\u{1B}[K"))
      #expect(typing.screen.contains("\r› swift \u{1B}[K\r\u{1B}[8C"))
    }

    @Test func ctrlRFindsTheNewestLineThatContainsWhatIsTyped() throws {
      let history = [":search swift", ":open apple/swift", ":search vapor", ":help"]
      let typing = try run(["\u{12}swi\r"], history: history)
      #expect(typing.results == [.outcome(.line(":open apple/swift"))])
      #expect(typing.screen.contains("(reverse-i-search)'swi': :open apple/swift"))
    }

    @Test func ctrlRAgainFindsAnOlderMatch() throws {
      let history = [":search swift", ":open apple/swift", ":help"]
      let typing = try run(["\u{12}swi\u{12}\r"], history: history)
      #expect(typing.results == [.outcome(.line(":search swift"))])
    }

    @Test func ctrlGGivesTheTypedLineBackAndAnotherKeyKeepsTheMatchToEdit() throws {
      let history = [":search swift", ":help"]
      let typing = try run(["abc\u{12}sea\u{7}\r", "\u{12}sea\u{1B}[F 2\r"], history: history)
      #expect(typing.results == [.outcome(.line("abc")), .outcome(.line(":search swift 2"))])
    }

    @Test func aSearchWithNoMatchSaysSo() throws {
      let typing = try run(["\u{12}zzz\u{7}\r"], history: [":help"])
      #expect(typing.screen.contains("(failed reverse-i-search)'zzz': "))
      #expect(typing.results == [.outcome(.line(""))])
    }

    @Test func upArrowRecallsThePreviousLine() throws {
      let typing = try run([":search swift\r", "\u{1B}[A\r"])
      #expect(typing.results == Array(repeating: .outcome(.line(":search swift")), count: 2))
      #expect(typing.screen.components(separatedBy: "\r› :search swift\u{1B}[K").count == 3)
      #expect(typing.history?.entries == [":search swift"])
    }

    @Test func leftArrowsMoveTheCursorSoTypingInsertsInTheMiddle() throws {
      let typing = try run([":opn 1\u{1B}[D\u{1B}[D\u{1B}ODe\r"])
      #expect(typing.results == [.outcome(.line(":open 1"))])
      #expect(typing.screen.contains("\r› :open 1\u{1B}[K\r\u{1B}[6C"))
    }

    @Test func ctrlCAbandonsTheLineAndTheNextPromptStartsEmpty() throws {
      let typing = try run(["half typed\u{3}", "\r"])
      #expect(typing.results == [.outcome(.interrupted), .outcome(.line(""))])
      #expect(typing.screen.contains("\r› half typed\u{1B}[K\r\u{1B}[12C^C\r\n"))
      #expect(typing.history?.entries == [])
    }

    @Test func ctrlDOnAnEmptyLineEndsTheInput() throws {
      let typing = try run(["\u{4}"])
      #expect(typing.results == [.outcome(.endOfInput)])
    }

    @Test func ctrlDOnTextDeletesUnderTheCursor() throws {
      let typing = try run(["ab\u{1}\u{4}\r"])
      #expect(typing.results == [.outcome(.line("b"))])
    }

    @Test func aSecondTabListsTheMatchesAndRedrawsTheLine() throws {
      let typing = try run([":s\t\t\u{15}\r"], candidates: [":search", ":set", ":open"])
      #expect(typing.results == [.outcome(.line(""))])
      let listing = "\r› :se\u{1B}[K\r\u{1B}[5C\r\n:search  :set\r\n\r› :se\u{1B}[K"
      #expect(typing.screen.contains(listing))
    }

    @Test func ctrlLClearsTheScreenAndRedraws() throws {
      let typing = try run(["ab\u{C}\r"])
      #expect(typing.results == [.outcome(.line("ab"))])
      #expect(typing.screen.contains("\u{1B}[H\u{1B}[2J\r› ab\u{1B}[K"))
    }

    @Test func aColouredPromptIsMeasuredWithoutItsEscapeSequences() throws {
      let prompt = "\u{1B}[36m›\u{1B}[0m "
      let typing = try run(["日本\u{1B}[D\r"], prompt: prompt)
      #expect(typing.results == [.outcome(.line("日本"))])
      #expect(typing.screen.contains("\r\(prompt)日本\u{1B}[K\r\u{1B}[4C"))
    }

    @Test func aLineLongerThanTheTerminalScrollsToKeepTheCursorInView() throws {
      let line = "abcdefghijklmnopqrstuvwxyz"
      let typing = try run([line + "\r"], columns: 20)
      #expect(typing.results == [.outcome(.line(line))])
      #expect(typing.screen.contains("\r› jklmnopqrstuvwxyz\u{1B}[K\r\u{1B}[19C"))
    }

    @Test func editingKeysChangeTheLineWhereTheCursorIs() throws {
      let keys = ":search swift\u{17}rust\u{1B}[H\u{1B}[3~\u{5}\u{1B}b\u{B}go\r"
      let typing = try run([keys])
      #expect(typing.results == [.outcome(.line("search go"))])
    }

    @Test func ctrlUThenTypingReplacesTheWholeLine() throws {
      let typing = try run([":open 12\u{1B}[D\u{15}\u{1B}[F:back\r"])
      #expect(typing.results == [.outcome(.line("2:back"))])
    }

    @Test func downAfterUpGivesBackTheLineBeingTyped() throws {
      let typing = try run([":se\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}[B\r"], history: ["one", "two"])
      #expect(typing.results == [.outcome(.line(":se"))])
      #expect(typing.screen.contains("\r› one\u{1B}[K"))
      #expect(typing.history?.entries == ["one", "two", ":se"])
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
      let typing = try run(["one\rtwo\r", ""])
      #expect(typing.results == [.outcome(.line("one")), .outcome(.line("two"))])
    }
  }
}
