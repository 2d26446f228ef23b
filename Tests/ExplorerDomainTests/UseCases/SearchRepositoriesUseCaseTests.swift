import ExplorerDomain
import Testing
import Wiring

@Suite struct SearchRepositoriesUseCaseTests {
  @Test func returnsThePageTheStoreHasForTheQuery() async throws {
    let query = try SearchQuery("language:swift", sort: .stars)
    let other = try SearchQuery("language:rust", sort: .stars)
    let page = SearchPage.sample(query, names: [.swift, .swiftFormat], next: try query.onPage(2))
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [
        query: .success(page),
        other: .success(.sample(other, names: [.missing])),
      ])
    }
    let search = container.searchRepositories()
    #expect(try await search(query) == page)
  }

  @Test(arguments: [
    ExplorerError.invalidQuery(message: "Validation Failed"),
    .rateLimited(.searchExhausted),
    .unauthorized(message: "Bad credentials"),
    .networkUnreachable(reason: "The Internet connection appears to be offline"),
    .serverError(status: 503, message: nil),
    .unexpectedResponse(request: "GET /search/repositories?q=swift", reason: "not JSON"),
    .cancelled,
  ])
  func passesTheStoresErrorThroughUnchanged(error: ExplorerError) async throws {
    let query = try SearchQuery("swift")
    let container = Container()
    container.repositoryStore.register { InMemoryRepositoryStore(pages: [query: .failure(error)]) }
    let search = container.searchRepositories()
    await #expect(throws: error) { try await search(query) }
  }

  @Test func aQueryTheStoreDoesNotKnowGetsTheStoresAnswer() async throws {
    let known = try SearchQuery("swift")
    let unknown = try known.onPage(2)
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [known: .success(.sample(known, names: [.swift]))])
    }
    let search = container.searchRepositories()
    let expected = ExplorerError.noRecording(
      request: InMemoryRepositoryStore.request(for: unknown),
      folder: InMemoryRepositoryStore.folder)
    await #expect(throws: expected) { try await search(unknown) }
  }
}
