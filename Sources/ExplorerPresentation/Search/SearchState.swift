public import ExplorerDomain

/// What a search screen shows: the rows loaded so far and where paging stands.
public struct SearchState: Hashable, Sendable {
  /// The query of the first page, or `nil` before any search.
  public internal(set) var query: SearchQuery?
  /// Every row loaded so far, page after page.
  public internal(set) var items: [RepositorySummary] = []
  /// How many repositories GitHub says match.
  public internal(set) var totalCount = 0
  /// Whether GitHub timed out and returned only part of the matches.
  public internal(set) var isIncomplete = false
  /// The page loaded last; its `next` says whether there is more.
  public internal(set) var lastPage: SearchPage?
  /// Where the last input stands.
  public internal(set) var phase = Phase.idle

  /// Makes the state of a search screen before its first search.
  public init() {}

  /// Whether another page can be loaded.
  public var canLoadMore: Bool { lastPage?.hasNextPage ?? false }
}
