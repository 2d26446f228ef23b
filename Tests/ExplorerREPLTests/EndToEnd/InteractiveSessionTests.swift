import ExplorerREPL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `explorer` on a pseudo-terminal, typed at like a person: Tab completion, history
/// recalled with the arrow keys and kept for the next run, Ctrl-C at the prompt, Ctrl-D to quit.
@Suite struct InteractiveSessionTests {
  /// Ctrl-R and Tab at the real prompt: a search found in the history runs again, and Tab after
  /// `:open` lists the rows and repositories on screen.
  @Test func ctrlRAndContextualTabAtTheRealPrompt() throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(state: state)
    #expect(explorer.waitForPrompt(1))
    explorer.pty.type(":search swinject\r")
    #expect(explorer.waitForPrompt(2))
    explorer.pty.type(":home\r")
    #expect(explorer.waitForPrompt(3))
    explorer.pty.type("\u{12}swi")
    #expect(explorer.pty.readScreen(untilItContains: "(reverse-i-search)'swi': :search swinject"))
    explorer.pty.type("\r")
    #expect(explorer.waitForPrompt(4))
    #expect(explorer.pty.screen.components(separatedBy: "Showing 3 of 3").count == 3)
    explorer.pty.type(":open \t\t")
    // Twice in the two searches' tables, then in the list.
    #expect(explorer.pty.readScreen(untilItContains: "Swinject/SwinjectStoryboard", times: 3))
    // The list comes between the line typed and its redraw below the list.
    let parts = explorer.pty.screen.components(separatedBy: ":open \u{1B}[K")
    let listing = try #require(parts.dropLast().last)
    #expect(listing.contains("Swinject/SwinjectAutoregistration"), "\(listing)")
    #expect(listing.contains("\n1 ") || listing.contains("\r\n1 "), "\(listing)")
    explorer.pty.type("\u{15}:quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// A README taller than the terminal goes through PAGER; `--no-pager` prints it as it is.
  @Test(arguments: [false, true])
  func aLongReadmeGoesThroughThePager(disabled: Bool) throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(
      state: state, arguments: disabled ? ["--no-pager"] : [],
      environment: ["PAGER": "sed s/^/paged:/"])
    #expect(explorer.waitForPrompt(1))
    explorer.pty.type(":readme Swinject/Swinject\r")
    #expect(explorer.waitForPrompt(2))
    let screen = explorer.pty.screen
    #expect(screen.contains("Swinject/Swinject · README.md"))
    #expect(screen.contains("paged:Swinject/Swinject · README.md") == !disabled)
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// Ctrl-Z stops a shell's job. Started in a session of its own, as here, explorer's process
  /// group has no shell to continue it, so the system ignores the stop: the line must survive.
  @Test(.enabled(if: InteractiveExplorer.setsid != nil, "needs setsid for a controlling terminal"))
  func ctrlZGivesTheTerminalBackAndTheLineSurvives() throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(state: state, controllingTerminal: true)
    #expect(explorer.waitForPrompt(1))
    explorer.pty.type(":he\u{1A}")
    #expect(explorer.pty.readScreen(untilItContains: "home ❯ :he\u{1B}[K", times: 2))
    explorer.pty.type("lp\r")
    #expect(explorer.waitForPrompt(2))
    #expect(explorer.pty.screen.contains("Commands (any unique prefix works"))
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  @Test func historyListsTheLinesOfEarlierRunsFirst() throws {
    let state = try ScratchFolder()
    let first = try InteractiveExplorer(state: state)
    #expect(first.waitForPrompt(1))
    first.pty.type(":search swinject\r")
    #expect(first.waitForPrompt(2))
    first.pty.type(":quit\r")
    #expect(first.exitStatus() == 0)

    let second = try InteractiveExplorer(state: state)
    #expect(second.waitForPrompt(1))
    second.pty.type(":history\r")
    #expect(second.waitForPrompt(2))
    let screen = second.pty.screen.replacingOccurrences(of: "\r\n", with: "\n")
    #expect(screen.contains("1  :search swinject\n"), "\(screen)")
    #expect(screen.contains("2  :quit\n"))
    #expect(screen.contains("3  :history\n"))
    second.pty.type(":quit\r")
    #expect(second.exitStatus() == 0)
  }

  /// 40 columns after a long search and an open repository: the prompt shrinks, typed text
  /// shows, and no redraw wraps onto a second row.
  @Test func aNarrowTerminalKeepsThePromptAndTheTypedTextOnOneRow() throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(state: state, columns: 40)
    #expect(explorer.waitForPrompt(1))
    explorer.pty.type(":search topic:dependency-injection language:swift\r")
    #expect(explorer.waitForPrompt(2))
    explorer.pty.type(":open 1\r")
    #expect(explorer.waitForPrompt(3))
    explorer.pty.type(":readme")
    #expect(explorer.pty.readScreen(untilItContains: ":readme\u{1B}[K", times: 1))
    let line = explorer.pty.lastPromptLine
    #expect(line.hasPrefix("… › "), "\(line)")
    #expect(line.contains(":readme"))
    #expect(VisibleWidth.of(line) < 40, "\(line)")
    explorer.pty.type("\u{15}:quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// 40 columns: the banner and a repository's fields wrap at spaces, a field's further lines
  /// under its value, instead of being cut mid-word by the terminal.
  @Test func aNarrowTerminalWrapsTheBannerAndARepositoryAtSpaces() throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(state: state, columns: 40)
    #expect(explorer.waitForPrompt(1))
    #expect(explorer.pty.screen.contains("lists commands; Tab completes; Ctrl-D\r\nquits."))
    explorer.pty.type(":open apple/swift\r")
    #expect(explorer.waitForPrompt(2))
    #expect(
      explorer.pty.screen.contains(
        "  License      Apache License 2.0\r\n               (Apache-2.0)"))
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// A resized terminal is measured again: tables and `:env` use the new width.
  @Test func aResizeTakesEffectAtTheNextScreen() throws {
    let state = try ScratchFolder()
    let explorer = try InteractiveExplorer(state: state, columns: 100)
    #expect(explorer.waitForPrompt(1))
    explorer.pty.type(":env\r")
    #expect(explorer.waitForPrompt(2))
    #expect(explorer.pty.screen.contains("100 columns"))
    explorer.pty.resize(columns: 60)
    explorer.pty.type(":env\r")
    #expect(explorer.waitForPrompt(3))
    #expect(explorer.pty.screen.contains("60 columns"))
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// `explorer > out.txt` at a terminal: the prompt and its redraws go to the terminal, the file
  /// receives the output only, as with psql.
  @Test func withOutputInAFileThePromptStaysOnTheTerminal() throws {
    let state = try ScratchFolder()
    let file = state.url.appendingPathComponent("out.txt")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let output = try FileHandle(forWritingTo: file)
    let explorer = try InteractiveExplorer(state: state, standardOutput: output)
    #expect(explorer.waitForPrompt(1))
    #expect(explorer.pty.screen.contains("Try :search swift"))
    explorer.pty.type(":search swinject\r")
    #expect(explorer.waitForPrompt(2))
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
    try output.close()
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix("1\tSwinject/Swinject\t6421\t"), "\(text)")
    #expect(text.components(separatedBy: "\n").count == 4)
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("❯"))
    #expect(!text.contains("Try :search swift"))
    #expect(explorer.pty.screen.contains("Showing 3 of 3"))
  }

  @Test func typingCompletingAndRecallingAtTheRealPrompt() throws {
    let state = try ScratchFolder()

    let first = try InteractiveExplorer(state: state)
    #expect(first.waitForPrompt(1))
    #expect(first.pty.screen.contains("Try :search swift"))
    first.pty.type(":se\tswinject\r")
    #expect(first.waitForPrompt(2))
    #expect(first.pty.screen.contains(":search swinject"))
    #expect(first.pty.screen.contains("Showing 3 of 3"))
    first.pty.type(":open 2\r")
    #expect(first.waitForPrompt(3))
    #expect(first.pty.screen.contains("README.md, "))
    first.pty.type("half a line\u{3}")
    #expect(first.waitForPrompt(4))
    #expect(first.pty.screen.contains("half a line"))
    #expect(first.pty.screen.contains("^C"))
    first.pty.type("\u{1B}[A\u{1B}[A\r")
    #expect(first.waitForPrompt(5))
    #expect(first.pty.screen.components(separatedBy: "Showing 3 of 3").count == 3)
    first.pty.type("\u{4}")
    #expect(first.exitStatus() == 0)

    let history = try String(
      contentsOf: state.url.appendingPathComponent("explorer/history"), encoding: .utf8)
    #expect(history.split(separator: "\n") == [":search swinject", ":open 2", ":search swinject"])

    let second = try InteractiveExplorer(state: state)
    #expect(second.waitForPrompt(1))
    second.pty.type("\u{1B}[A\r")
    #expect(second.waitForPrompt(2))
    #expect(second.pty.screen.contains("Showing 3 of 3"))
    second.pty.type(":quit\r")
    #expect(second.exitStatus() == 0)
  }
}
