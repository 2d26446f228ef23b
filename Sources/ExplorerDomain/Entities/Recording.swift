/// One exchange a folder of recordings answers: what was asked, in the domain's terms, and the
/// HTTP status GitHub answered it with.
///
/// ```swift
/// Recording(.search(try SearchQuery("swift", page: 2)), status: 200)
/// ```
public struct Recording: Hashable, Sendable {
  /// What a recorded request asked for.
  public enum Request: Hashable, Sendable {
    /// One page of a search.
    case search(SearchQuery)
    /// A repository, without its README.
    case repository(RepositoryName)
    /// A repository's README.
    case readme(RepositoryName)
  }

  /// What was asked.
  public let request: Request
  /// The HTTP status of the recorded answer.
  public let status: Int

  /// A recording of `request`, answered with `status`.
  public init(_ request: Request, status: Int) {
    self.request = request
    self.status = status
  }
}
