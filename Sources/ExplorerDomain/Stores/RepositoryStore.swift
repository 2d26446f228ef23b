/// Where repositories come from: GitHub itself, recorded exchanges, or a test's fake.
///
/// The domain declares what it needs here and never learns who provides it; the app registers
/// an implementation for `Container.shared.repositoryStore`.
public protocol RepositoryStore: Sendable {
  /// One page of repositories matching `query`.
  func search(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage

  /// The repository called `name`, without its README.
  ///
  /// - Throws: `ExplorerError.notFound` when there is no such repository.
  func repository(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail

  /// The README of the repository called `name`.
  ///
  /// - Throws: `ExplorerError.notFound` when the repository has no README, or does not exist.
  func readme(of name: RepositoryName) async throws(ExplorerError) -> Readme
}
