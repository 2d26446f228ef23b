/// Searches GitHub's repositories.
public protocol SearchRepositoriesUseCase: Sendable {
  /// The first page, or whichever page `query` names.
  func callAsFunction(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage
}

/// Searches through whichever store the app registered.
struct SearchRepositoriesInStore: SearchRepositoriesUseCase {
  let store: any RepositoryStore

  func callAsFunction(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage {
    try await store.search(query)
  }
}
