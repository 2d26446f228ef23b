import ExplorerREPL
import Foundation
import Testing

/// The REPL's lines run in-process against the bundled fixtures, output captured.
@MainActor
@Suite struct SessionTests {
  /// Piped, as gh prints it: whole tab-separated fields on standard output, one row per line,
  /// and what is said about them on standard error.
  @Test(arguments: [40, 48, 60])
  func aSearchOnANarrowTerminalFitsItsHeadingAndFooterToTheWidth(columns: Int) async {
    var harness = ExplorerHarness()
    harness.columns = columns
    harness.outputIsTerminal = true
    #expect(await harness.run([":search swift"]) == .success)
    let output = harness.console.output
    #expect(output.allSatisfy { VisibleWidth.of($0) <= columns }, "\(output)")
    let footer = output.drop { !$0.hasPrefix("Showing") }
    let words = footer.flatMap { $0.split(separator: " ") }.filter { $0 != "·" }
    #expect(
      words.joined(separator: " ")
        == "Showing 10 of 481,236 :open N for details :more for the next page")
    #expect(footer.count > 1)
    #expect(footer.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") })
  }

  @Test func aPipedSearchPrintsTabSeparatedRowsAndItsNotesApart() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":search swift"])
    #expect(code == .success)
    #expect(harness.console.output.count == 10)
    let first = harness.console.output[0].split(separator: "\t", omittingEmptySubsequences: false)
    #expect(first.count == 8)
    #expect(Array(first.prefix(5)) == ["1", "apple/swift", "68912", "10561", "C++"])
    #expect(first[6] == "The Swift Programming Language")
    #expect(
      harness.console.errors == [
        #"Search "swift": 481,236 repositories, best match"#,
        "Showing 10 of 481,236 · :open N for details · :more for the next page",
      ])
  }

  @Test func moreContinuesTheNumberingWithoutRepeatingRows() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift", ":more"])
    let rows = harness.console.output
    #expect(rows.count == 20)
    #expect(rows[10].hasPrefix("11\trealm/SwiftLint\t"))
    #expect(harness.console.errors.last?.hasPrefix("Showing 20 of 481,236") == true)
  }

  @Test func openBackAndHomeWalkTheStack() async {
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":search swift", ":open 1", ":back", ":home", ":back"], arguments: ["--keep-going"])
    #expect(code == .commandFailed)
    #expect(harness.console.output.contains("apple/swift"))
    #expect(
      harness.console.failures == [
        "error: nothing to go back to: you are at home — start with :search QUERY or :open owner/name"
      ])
  }

  nonisolated static let failures: [(String, String)] = [
    (
      ":open 1",
      "error: :open needs a list of repositories on screen — run :search QUERY first, or :back to the list"
    ),
    (
      ":serch swift",
      "error: unknown command :serch — did you mean :search? (:help lists every command)"
    ),
    (
      "swift",
      "error: \"swift\" is not a command: commands start with ':' — to search for it, type :search swift"
    ),
    (
      ":readme",
      "error: :readme needs an open repository — open one with :open N or :open OWNER/NAME, or type :readme OWNER/NAME"
    ),
    (":readme mteodor/LightDI", "error: mteodor/LightDI has no README"),
    (
      ":open octocat/this-repository-does-not-exist",
      "error: not found: repository octocat/this-repository-does-not-exist — check the owner and name"
    ),
    // An arrow key's escape sequence in a script: shown, where the terminal would act on it.
    (":back \u{1B}[A", "error: :back: unexpected \"\\u{1b}[A\" — usage: :back"),
    (
      ":open \u{1B}[A",
      "error: :open: \"\\u{1b}[A\" is neither a row number, OWNER/NAME nor a github.com address — usage: :open N | OWNER/NAME | URL"
    ),
    (
      ":search swift \u{1B}[A",
      "error: :search: the search text holds the control character U+001B — see :help search"
    ),
  ]

  @Test(arguments: failures)
  func eachBadLineGetsOneErrorLineAndExitsThree(line: String, expected: String) async {
    let harness = ExplorerHarness()
    let code = await harness.run([line])
    #expect(code == .commandFailed)
    #expect(harness.console.failures == [expected])
    #expect(harness.console.output.isEmpty)
  }

  @Test func aRowOutsideTheListKeepsTheListOnScreen() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift", ":open 11", ":open 1"], arguments: ["--keep-going"])
    #expect(
      harness.console.failures == [
        "error: there is no row 11: rows go from 1 to 10 — pick one of those, or :open owner/name"
      ])
    #expect(harness.console.output.contains("apple/swift"))
  }

  @Test func jsonPrintsOneObjectPerScreen() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swinject", ":open 1"], arguments: ["--json"])
    #expect(harness.console.output.count == 2)
    #expect(
      harness.console.output[0].hasPrefix(
        #"{"has_more":false,"incomplete_results":false,"items":[{"archived":false"#))
    #expect(harness.console.output[1].contains(#""full_name":"Swinject/Swinject""#))
  }

  @Test func aSearchHoldingAnEscapeSequenceIsRefusedWithoutActingOnTheTerminal() async {
    let harness = ExplorerHarness()
    _ = await harness.run(
      [":search \u{1B}]0;title\u{7}swift", ":history"], arguments: ["--keep-going"])
    #expect(
      harness.console.failures == [
        "error: :search: the search text holds the control character U+001B — see :help search"
      ])
    #expect(harness.console.output.suffix(1) == ["1  :history"])
    #expect(!(harness.console.output + harness.console.failures).joined().contains("\u{1B}"))
  }

  @Test func historyListsTheLinesRunSoFar() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift", "  ", ":history"])
    #expect(harness.console.output.suffix(2) == ["1  :search swift", "2  :history"])
  }
}

@MainActor
@Suite struct SessionNoticeTests {
  @Test func modeAloneShowsTheModeInUse() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":mode"])
    #expect(code == .success)
    #expect(harness.console.output.last?.hasPrefix("mode: fixtures (") == true)
    #expect(harness.console.output.last?.contains("from now on") == false)
  }

  /// Paging past the end is news: a script that pages on is not stopped by it.
  @Test func moreAfterTheLastPageIsANoticeAndTheScriptGoesOn() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":search swinject", ":more", ":open 1"])
    #expect(code == .success)
    #expect(harness.console.failures.isEmpty)
    #expect(harness.console.errors.contains("no more pages: all 3 of 3 results are shown"))
    #expect(harness.console.output.contains { $0.contains("Swinject/Swinject") })
  }

  @Test func moreAfterTheLastPageInJSONModeKeepsStandardOutputJSON() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swinject", ":more"], arguments: ["--json"])
    #expect(harness.console.output.count == 1)
    #expect(harness.console.errors.last == "no more pages: all 3 of 3 results are shown")
  }

  @Test(arguments: ["quit", "exit", ":exit"])
  func theWordsPeopleTypeToLeaveEndTheSession(word: String) async {
    let harness = ExplorerHarness()
    let code = await harness.run([word, ":search swift"])
    #expect(code == .success)
    #expect(harness.console.output.isEmpty)
  }
}

@MainActor
@Suite struct JSONLinesTests {
  /// Every command whose output is not a screen still prints one JSON object per line.
  @Test(arguments: [
    (":help", "help"), (":help search", "help"), (":env", "env"), (":history", "history"),
    (":mode fixtures", "mode"), (":home", "home"),
  ])
  func everyLineOnStandardOutputIsOneJSONObject(line: String, screen: String) async throws {
    let harness = ExplorerHarness()
    let exit = await harness.run([":search swinject", line], arguments: ["--json"])
    #expect(exit == .success)
    #expect(harness.console.output.count == 2)
    for text in harness.console.output {
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(object != nil, "not a JSON object: \(text)")
    }
    let last = try JSONSerialization.jsonObject(with: Data(harness.console.output[1].utf8))
    #expect((last as? [String: Any])?["screen"] as? String == screen)
  }

  @Test func helpForOneCommandListsOnlyIt() async throws {
    let harness = ExplorerHarness()
    _ = await harness.run([":help search"], arguments: ["--json"])
    let object = try JSONSerialization.jsonObject(with: Data(harness.console.output[0].utf8))
    let commands = (object as? [String: Any])?["commands"] as? [[String: Any]]
    #expect(commands?.map { $0["name"] as? String } == ["search"])
  }
}
