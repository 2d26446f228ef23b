public import Wiring

extension Container {
  /// The navigator every view model and the REPL share: one navigation stack per container.
  ///
  /// It and the screens below only compose other factories, so tests build them as they are.
  @MainActor
  public var navigator: MainActorFactory<any Navigator> {
    self { StackCoordinator() }.cached.safeInTests
  }

  /// A new search screen.
  @MainActor
  public var searchViewModel: MainActorFactory<SearchViewModel> {
    self { SearchViewModel(navigator: self.navigator()) }.safeInTests
  }

  /// A new repository screen.
  @MainActor
  public var repositoryViewModel: MainActorFactory<RepositoryViewModel> {
    self { RepositoryViewModel(navigator: self.navigator()) }.safeInTests
  }

  /// A new README screen.
  @MainActor
  public var readmeViewModel: MainActorFactory<ReadmeViewModel> {
    self { ReadmeViewModel() }.safeInTests
  }
}
