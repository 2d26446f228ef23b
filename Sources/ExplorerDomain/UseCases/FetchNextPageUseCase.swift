/// Fetches the page after one the user has.
public protocol FetchNextPageUseCase: Sendable {
  /// The page after `page`, or `nil` when GitHub said it was the last.
  func callAsFunction(after page: SearchPage) async throws(ExplorerError) -> SearchPage?
}

/// Follows the next-page link GitHub gave, through the registered store.
struct FetchNextPageInStore: FetchNextPageUseCase {
  let store: any RepositoryStore

  func callAsFunction(after page: SearchPage) async throws(ExplorerError) -> SearchPage? {
    guard let next = page.next else { return nil }
    return try await store.search(next)
  }
}
