import ExplorerDomain
import Testing

@testable import ExplorerREPL

/// `:recordings` lists each recorded search once with its pages, each repository with what its
/// README answered, and READMEs recorded alone, each as the command that asks for it.
@Suite struct RecordedCommandsTests {
  static let swift = RepositoryName(owner: "apple", name: "swift")
  static let light = RepositoryName(owner: "mteodor", name: "LightDI")

  @Test func aSearchIsListedOnceWithItsPagesAndTheStatusOfItsFirst() throws {
    let entries = RecordedCommands.entries([
      Recording(.search(try SearchQuery("swift", page: 2)), status: 200),
      Recording(.search(try SearchQuery("swift")), status: 403),
    ])
    #expect(entries == [.init(command: ":search swift", status: 403, pages: 2)])
  }

  @Test(arguments: [
    (try! SearchQuery("swift"), ":search swift"),
    (try! SearchQuery("swift", order: .ascending), ":search swift"),
    (try! SearchQuery("rust", sort: .stars), ":search rust --sort stars --order desc"),
    (
      try! SearchQuery("topic:cli", sort: .forks, order: .ascending, pageSize: 5),
      ":search topic:cli --sort forks --order asc --limit 5"
    ),
    (try! SearchQuery("swift", pageSize: 10, page: 3), ":search swift"),
  ])
  func aSearchIsSpelledAsTheCommandThatRunsIt(query: SearchQuery, command: String) {
    #expect(RecordedCommands.search(query) == command)
  }

  @Test func aRepositoryCarriesItsReadmeAndAReadmeAloneIsListedLast() {
    let entries = RecordedCommands.entries([
      Recording(.readme(Self.light), status: 404),
      Recording(.repository(Self.light), status: 200),
      Recording(.readme(Self.swift), status: 200),
    ])
    #expect(
      entries == [
        .init(command: ":open mteodor/LightDI", status: 200, pages: 1, readme: 404),
        .init(command: ":readme apple/swift", status: 200, pages: 1),
      ])
  }

  @Test func searchesComeFirstThenRepositoriesByNameInAnyCase() throws {
    let entries = RecordedCommands.entries([
      Recording(.repository(Self.light), status: 200),
      Recording(.repository(Self.swift), status: 200),
      Recording(.search(try SearchQuery("swift")), status: 200),
    ])
    #expect(
      entries.map(\.command) == [":search swift", ":open apple/swift", ":open mteodor/LightDI"])
  }
}
