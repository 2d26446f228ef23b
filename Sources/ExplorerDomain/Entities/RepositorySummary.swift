public import Foundation

/// What a search result says about a repository.
public struct RepositorySummary: Hashable, Sendable, Identifiable {
  /// GitHub's numeric id, stable across renames.
  public let id: Int64
  /// `owner/name`.
  public let name: RepositoryName
  /// The one-line description, if the owner wrote one.
  public let description: String?
  /// Stargazers.
  public let stars: Int
  /// Forks.
  public let forks: Int
  /// Open issues and pull requests, as GitHub counts them.
  public let openIssues: Int
  /// The main language GitHub detected, if any.
  public let language: String?
  /// Topics the owner tagged it with.
  public let topics: [String]
  /// The licence GitHub detected, if any.
  public let license: License?
  /// Whether it is read-only.
  public let isArchived: Bool
  /// Whether it is a fork of another repository.
  public let isFork: Bool
  /// When it was created.
  public let createdAt: Date?
  /// When anything about it last changed.
  public let updatedAt: Date?
  /// When a commit was last pushed.
  public let pushedAt: Date?
  /// The branch GitHub shows first.
  public let defaultBranch: String?
  /// Its page on the web.
  public let htmlURL: URL?

  /// A summary from every field; GitHub's decoders build these, so do tests.
  public init(
    id: Int64, name: RepositoryName, description: String?, stars: Int, forks: Int,
    openIssues: Int, language: String?, topics: [String], license: License?,
    isArchived: Bool, isFork: Bool, createdAt: Date?, updatedAt: Date?, pushedAt: Date?,
    defaultBranch: String?, htmlURL: URL?
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.stars = stars
    self.forks = forks
    self.openIssues = openIssues
    self.language = language
    self.topics = topics
    self.license = license
    self.isArchived = isArchived
    self.isFork = isFork
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.pushedAt = pushedAt
    self.defaultBranch = defaultBranch
    self.htmlURL = htmlURL
  }
}
