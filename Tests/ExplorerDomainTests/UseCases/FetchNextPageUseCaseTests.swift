import ExplorerDomain
import Testing
import Wiring

@Suite struct FetchNextPageUseCaseTests {
  @Test func returnsNilAfterTheLastPage() async throws {
    let query = try SearchQuery("swift", page: 3)
    let following = try query.onPage(4)
    let last = SearchPage.sample(query, names: [.swift], next: nil)
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [
        query: .success(last),
        following: .success(.sample(following, names: [.swiftFormat])),
      ])
    }
    let fetchNextPage = container.fetchNextPage()
    #expect(try await fetchNextPage(after: last) == nil)
  }

  @Test func returnsThePageTheStoreHasForTheNextQuery() async throws {
    let query = try SearchQuery("swift", sort: .updated, order: .ascending, pageSize: 5)
    let next = try query.onPage(2)
    let first = SearchPage.sample(query, names: [.swift], next: next)
    let second = SearchPage.sample(next, names: [.swiftFormat], next: try query.onPage(3))
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [query: .success(first), next: .success(second)])
    }
    let fetchNextPage = container.fetchNextPage()
    #expect(try await fetchNextPage(after: first) == second)
  }

  @Test func asksForExactlyTheNextQueryGitHubGave() async throws {
    // GitHub's link may differ from `onPage(page + 1)`: here it changes the page size too.
    let query = try SearchQuery("swift", pageSize: 10, page: 1)
    let linked = try SearchQuery("swift", pageSize: 20, page: 2)
    let guessed = try query.onPage(2)
    let first = SearchPage.sample(query, names: [.swift], next: linked)
    let linkedPage = SearchPage.sample(linked, names: [.swiftFormat])
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [
        query: .success(first),
        guessed: .success(.sample(guessed, names: [.missing])),
        linked: .success(linkedPage),
      ])
    }
    let fetchNextPage = container.fetchNextPage()
    #expect(try await fetchNextPage(after: first) == linkedPage)
  }

  @Test(arguments: [
    ExplorerError.rateLimited(.searchExhausted),
    .invalidQuery(message: "Only the first 1000 search results are available"),
    .networkUnreachable(reason: "The request timed out"),
  ])
  func passesTheStoresErrorForTheNextPageThroughUnchanged(error: ExplorerError) async throws {
    let query = try SearchQuery("swift")
    let next = try query.onPage(2)
    let first = SearchPage.sample(query, names: [.swift], next: next)
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(pages: [query: .success(first), next: .failure(error)])
    }
    let fetchNextPage = container.fetchNextPage()
    await #expect(throws: error) { try await fetchNextPage(after: first) }
  }
}
