public import ExplorerDomain

/// A place in the explorer: what one screen shows.
///
/// Routes are plain values, so the navigation stack can be compared, printed and tested without
/// any view model behind it.
public enum Route: Hashable, Sendable {
  /// The results of one search.
  case search(SearchQuery)
  /// The details of one repository.
  case repository(RepositoryName)
  /// The README of one repository.
  case readme(RepositoryName)

  /// How the route reads in a breadcrumb: `search "swift"`, `apple/swift`, `apple/swift README`.
  public var title: String {
    switch self {
    case .search(let query): "search \"\(query.text)\""
    case .repository(let name): name.description
    case .readme(let name): "\(name) README"
    }
  }
}
