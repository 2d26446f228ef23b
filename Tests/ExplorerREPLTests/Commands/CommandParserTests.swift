import ExplorerDomain
import Testing

@testable import ExplorerREPL

@Suite struct CommandParserTests {
  static let parsed: [(String, Command)] = [
    (":search swift", .search(try! SearchQuery("swift"))),
    (":s swift", .search(try! SearchQuery("swift"))),
    (":SEARCH swift", .search(try! SearchQuery("swift"))),
    ("  :search   terminal   colors ", .search(try! SearchQuery("terminal colors"))),
    (#":search "terminal colors""#, .search(try! SearchQuery("terminal colors"))),
    (":search stars:>50000 --sort stars", .search(try! SearchQuery("stars:>50000", sort: .stars))),
    (
      ":search --topic cli --sort forks --order asc --limit 5",
      .search(try! SearchQuery("topic:cli", sort: .forks, order: .ascending, pageSize: 5))
    ),
    (
      ":search --topic dependency-injection --language swift",
      .search(try! SearchQuery("topic:dependency-injection language:swift"))
    ),
    (":search c++ --limit=3", .search(try! SearchQuery("c++", pageSize: 3))),
    (":open 3", .open(.row(3))),
    (":o apple/swift", .open(.name(RepositoryName(owner: "apple", name: "swift")))),
    (":readme", .readme(nil)),
    (":readme hmlongco/Factory", .readme(RepositoryName(owner: "hmlongco", name: "Factory"))),
    (":back", .back),
    (":b", .back),
    (":home", .home),
    (":more", .more),
    (":mor", .more),
    (":deps", .deps(.tree)),
    (":deps --mermaid", .deps(.mermaid)),
    (":deps --dot", .deps(.dot)),
    (":mode live", .mode(.live)),
    (":mode FIXTURES", .mode(.fixtures)),
    (":env", .env),
    (":history", .history),
    (":help", .help(nil)),
    (":h", .help(nil)),
    (":?", .help(nil)),
    (":hi", .history),
    (":ho", .home),
    (":help :open", .help("open")),
    (":help se", .help("search")),
    (":quit", .quit),
    (":q", .quit),
    (":exit", .quit),
    ("quit", .quit),
    ("  exit ", .quit),
    ("EXIT", .quit),
    (":mode", .mode(nil)),
    (":web", .web(nil)),
    (":r", .readme(nil)),
    (":recordings", .recordings),
    (":browse apple/swift", .web(RepositoryName(owner: "apple", name: "swift"))),
    (
      ":open https://github.com/apple/swift",
      .open(.name(RepositoryName(owner: "apple", name: "swift")))
    ),
    (
      ":open http://www.github.com/apple/swift/tree/main?tab=readme",
      .open(.name(RepositoryName(owner: "apple", name: "swift")))
    ),
    (
      ":open github.com/Swinject/Swinject.git",
      .open(.name(RepositoryName(owner: "Swinject", name: "Swinject")))
    ),
    (
      ":readme https://github.com/apple/swift#readme",
      .readme(RepositoryName(owner: "apple", name: "swift"))
    ),
  ]

  @Test(arguments: parsed)
  func parsesWhatWasTyped(line: String, expected: Command) throws {
    #expect(try CommandParser.parse(line) == expected)
  }

  @Test(arguments: ["", "   ", "# a comment", "  # indented comment"])
  func blankLinesAndCommentsAreNoCommand(line: String) throws {
    #expect(try CommandParser.parse(line) == nil)
  }

  static let rejected: [(String, CommandError)] = [
    ("swift", .notACommand("swift")),
    (":serch swift", .unknownCommand("serch", suggestion: "search")),
    (":opne 1", .unknownCommand("opne", suggestion: "open")),
    (":xyzzy", .unknownCommand("xyzzy", suggestion: nil)),
    (":", .unknownCommand("", suggestion: "help")),
    (":m", .ambiguousCommand("m", candidates: ["more", "mode"])),
    (":search", .badUsage(command: "search", problem: "expected a QUERY")),
    (":search   ", .badUsage(command: "search", problem: "expected a QUERY")),
    (
      ":search swift --sort rating",
      .badUsage(
        command: "search",
        problem: "unknown sort \"rating\": use stars, forks, help-wanted-issues or updated")
    ),
    (
      ":search swift --order asc",
      .badUsage(
        command: "search", problem: "--order needs --sort: best-match results have one order")
    ),
    (
      ":search swift --limit many",
      .badUsage(command: "search", problem: "--limit needs a number, not \"many\"")
    ),
    (
      ":search swift --limit 500",
      .badUsage(command: "search", problem: "the page size must be between 1 and 100, not 500")
    ),
    (":search swift --limit", .badUsage(command: "search", problem: "--limit needs a value")),
    (":search swift --stars", .badUsage(command: "search", problem: "unknown option --stars")),
    (":open", .badUsage(command: "open", problem: "expected a row number or OWNER/NAME")),
    (
      ":open first",
      .badUsage(
        command: "open",
        problem: "\"first\" is neither a row number, OWNER/NAME nor a github.com address")
    ),
    (":open 1 2", .badUsage(command: "open", problem: "unexpected \"2\"")),
    (":back now", .badUsage(command: "back", problem: "unexpected \"now\"")),
    (
      ":readme a/b/c",
      .badUsage(
        command: "readme", problem: "\"a/b/c\" is neither OWNER/NAME nor a github.com address")
    ),
    (
      ":mode offline",
      .badUsage(command: "mode", problem: "unknown mode \"offline\": use live or fixtures")
    ),
    (
      ":deps --mermaid --dot",
      .badUsage(command: "deps", problem: "choose one of --mermaid and --dot")
    ),
    (":help nothing", .unknownCommand("nothing", suggestion: nil)),
    (#":search "unclosed"#, .unclosedQuote),
  ]

  @Test(arguments: rejected)
  func rejectsWithAPreciseReason(line: String, expected: CommandError) {
    #expect(throws: expected) { try CommandParser.parse(line) }
  }

  @Test func everyCommandHasHelpAndAUniqueName() {
    let names = CommandParser.names
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { CommandSpec.named($0)?.summary.isEmpty == false })
  }

  @Test func anUnknownCommandErrorSuggestsTheNearestOne() {
    let error = CommandError.unknownCommand("serch", suggestion: "search")
    #expect(error.description == "unknown command :serch")
    #expect(error.advice == "did you mean :search? (:help lists every command)")
  }

  @Test func usageAdviceShowsShortSynopsesAndPointsToHelpForLongOnes() {
    #expect(
      CommandError.badUsage(command: "open", problem: "x").advice
        == "usage: :open N | OWNER/NAME | URL")
    #expect(
      CommandError.badUsage(command: "search", problem: "x").advice == "see :help search")
  }

  @Test(arguments: ["swift", "\"unclosed", "it's", "say \"hi\" it's", "back\\slash \""])
  func textWithoutAColonIsAnsweredWithASearchThatRuns(typed: String) throws {
    let error = try #require(throws: CommandError.self) { try CommandParser.parse(typed) }
    #expect(!error.description.contains("\"\""))
    #expect(!error.description.hasPrefix("''"))
    let advice = try #require(error.advice)
    let suggested = try #require(advice.split(separator: "type ", maxSplits: 1).last)
    guard case .search(let query) = try CommandParser.parse(String(suggested)) else {
      Issue.record("\(suggested) is not a search")
      return
    }
    #expect(query.text == typed)
  }

  @Test func aLineOfControlCharactersIsShownEscapedWithNoSearchSuggested() throws {
    let error = try #require(throws: CommandError.self) {
      try CommandParser.parse("\u{1}\u{1B}[A")
    }
    #expect(error.description == #""\u{1}\u{1b}[A" is not a command: commands start with ':'"#)
    #expect(error.advice == nil)
  }

  @Test func anAmbiguousPrefixListsEveryCandidate() {
    let error = CommandError.ambiguousCommand("h", candidates: ["history", "help", "home"])
    #expect(error.description == ":h could be :history, :help or :home")
  }
}
