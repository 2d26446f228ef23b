/// The view model behind one route.
@MainActor
public enum Screen {
  /// Search results.
  case search(SearchViewModel)
  /// One repository.
  case repository(RepositoryViewModel)
  /// One README.
  case readme(ReadmeViewModel)
}
