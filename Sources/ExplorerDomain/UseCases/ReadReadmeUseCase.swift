/// Reads the README of one repository.
public protocol ReadReadmeUseCase: Sendable {
  /// The README of `name`.
  ///
  /// - Throws: `ExplorerError.notFound` when the repository has no README or does not exist;
  ///   any other failure of the request.
  func callAsFunction(of name: RepositoryName) async throws(ExplorerError) -> Readme
}

/// Asks the registered store for the README.
struct ReadReadmeInStore: ReadReadmeUseCase {
  let store: any RepositoryStore

  func callAsFunction(of name: RepositoryName) async throws(ExplorerError) -> Readme {
    try await store.readme(of: name)
  }
}
