public import Wiring

extension Container {
  /// The navigator every view model and the REPL share: one navigation stack per container.
  @MainActor
  public var navigator: MainActorFactory<any Navigator> {
    self { StackCoordinator() }.cached
  }

  /// A new search screen.
  @MainActor
  public var searchViewModel: MainActorFactory<SearchViewModel> {
    self { SearchViewModel(navigator: self.navigator()) }
  }

  /// A new repository screen.
  @MainActor
  public var repositoryViewModel: MainActorFactory<RepositoryViewModel> {
    self { RepositoryViewModel(navigator: self.navigator()) }
  }

  /// A new README screen.
  @MainActor
  public var readmeViewModel: MainActorFactory<ReadmeViewModel> {
    self { ReadmeViewModel() }
  }
}
