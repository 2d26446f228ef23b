import ExplorerDomain
import ExplorerPlatform
import ExplorerPresentation
import ExplorerREPL
import ExplorerTestSupport
import Testing
import Wiring

/// Each layer the REPL depends on is resolved through the container, so registering another
/// implementation changes what the REPL prints.
@MainActor
@Suite struct LayerSwapTests {
  @Test func anotherStoreAnswersTheSameCommand() async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search/swift.json", path: "/search/repositories",
      query: ["q": "swift", "per_page": "10", "page": "1"], status: 200,
      body: #"{"total_count": 0, "incomplete_results": false, "items": []}"#)
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift"]) { container in
      container.repositoryStore.register { container.fixtureRepositoryStore(fixtures.folder) }
    }
    #expect(harness.console.output.isEmpty)
    #expect(
      harness.console.errors == [
        #"Search "swift": 0 repositories, best match"#,
        "No repositories match. Try other words, or fewer qualifiers.",
      ])
  }

  @Test func anotherUseCaseAnswersTheSameCommand() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search anything at all"]) { container in
      let store = container.repositoryStore()
      container.searchRepositories.register { AlwaysSwinject(store: store) }
    }
    #expect(
      harness.console.errors.first == #"Search "anything at all": 3 repositories, best match"#)
    #expect(harness.console.output.first?.hasPrefix("1\tSwinject/Swinject\t") == true)
  }

  @Test func anotherNavigatorDecidesWhatIsShown() async throws {
    let navigator = RecordingNavigator()
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift", ":open apple/swift"]) { container in
      container.navigator.register { navigator }
    }
    #expect(
      navigator.shown == [
        .search(try SearchQuery("swift")),
        .repository(RepositoryName(owner: "apple", name: "swift")),
      ])
    #expect(
      harness.console.output == [
        "home: :search QUERY to look for repositories, :help for more",
        "home: :search QUERY to look for repositories, :help for more",
      ])
  }

  @Test func aFailingNavigatorIsReportedAsOneLine() async {
    let navigator = RecordingNavigator()
    navigator.failure = .failed(.networkUnreachable(reason: "no route to host"))
    let harness = ExplorerHarness()
    let code = await harness.run([":search swift"]) { container in
      container.navigator.register { navigator }
    }
    #expect(code == .commandFailed)
    #expect(
      harness.console.errors == [
        "error: network unreachable: no route to host — check the connection, or switch to the recorded fixtures with :mode fixtures"
      ])
  }
}

/// A search use case that ignores the query and answers the bundled `swinject` search.
private struct AlwaysSwinject: SearchRepositoriesUseCase {
  let store: any RepositoryStore
  func callAsFunction(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage {
    try await store.search(try SearchQuery("swinject"))
  }
}
