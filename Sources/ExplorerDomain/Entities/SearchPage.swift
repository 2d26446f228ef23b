/// One page of search results and where the search can go next.
public struct SearchPage: Hashable, Sendable {
  /// The query that produced this page.
  public let query: SearchQuery
  /// The repositories on this page, in GitHub's order.
  public let items: [RepositorySummary]
  /// How many repositories match in all (GitHub serves at most the first 1,000).
  public let totalCount: Int
  /// Whether GitHub's search timed out and these are only the matches it found in time.
  public let isIncomplete: Bool
  /// The query for the next page, when GitHub says there is one.
  public let next: SearchQuery?

  /// A page from its parts.
  public init(
    query: SearchQuery, items: [RepositorySummary], totalCount: Int, isIncomplete: Bool,
    next: SearchQuery?
  ) {
    self.query = query
    self.items = items
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
    self.next = next
  }

  /// Whether there is a next page.
  public var hasNextPage: Bool { next != nil }
}
