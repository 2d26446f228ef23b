public import Wiring

extension Container {
  /// Where repositories come from; the app's composition root registers it.
  ///
  /// ```swift
  /// Container.shared.repositoryStore.register { container.fixtureRepositoryStore(folder) }
  /// ```
  public var repositoryStore: Factory<any RepositoryStore> { promised().cached }

  /// What the recordings folder answers offline; the app's composition root registers it.
  public var recordingCatalog: Factory<any RecordingCatalog> { promised() }

  /// Searches repositories through `repositoryStore`.
  public var searchRepositories: Factory<any SearchRepositoriesUseCase> {
    self { SearchRepositoriesInStore(store: self.repositoryStore()) }.safeInTests
  }

  /// Fetches the next page of a search through `repositoryStore`.
  public var fetchNextPage: Factory<any FetchNextPageUseCase> {
    self { FetchNextPageInStore(store: self.repositoryStore()) }.safeInTests
  }

  /// Opens a repository with its README through `repositoryStore`.
  public var openRepository: Factory<any OpenRepositoryUseCase> {
    self { OpenRepositoryInStore(store: self.repositoryStore()) }.safeInTests
  }

  /// Reads a repository's README through `repositoryStore`.
  public var readReadme: Factory<any ReadReadmeUseCase> {
    self { ReadReadmeInStore(store: self.repositoryStore()) }.safeInTests
  }
}
