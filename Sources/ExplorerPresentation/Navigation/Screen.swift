internal import Wiring

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

extension Screen {
  /// The screen for `route`, its view model resolved from `Container.shared` and not loaded.
  public static func resolved(for route: Route) -> Screen {
    let container = Container.shared
    return switch route {
    case .search: .search(container.searchViewModel())
    case .repository: .repository(container.repositoryViewModel())
    case .readme: .readme(container.readmeViewModel())
    }
  }
}
