public import Foundation

/// Everything the explorer shows about one repository.
public struct RepositoryDetail: Hashable, Sendable {
  /// The fields a search result has too.
  public let summary: RepositorySummary
  /// Watchers as GitHub's API reports them (equal to stars, for historical reasons).
  public let watchers: Int
  /// People subscribed to notifications, when GitHub said.
  public let subscribers: Int?
  /// The project's home page, if the owner set one.
  public let homepage: URL?
  /// The repository's size in kilobytes, as GitHub last computed it, when GitHub said.
  public let sizeInKilobytes: Int?
  /// The repository it was forked from, when it is a fork.
  public let parent: RepositoryName?
  /// The README, when the repository has one and it was asked for.
  public let readme: Readme?

  /// A detail from every field.
  public init(
    summary: RepositorySummary, watchers: Int, subscribers: Int?, homepage: URL?,
    sizeInKilobytes: Int?, parent: RepositoryName?, readme: Readme?
  ) {
    self.summary = summary
    self.watchers = watchers
    self.subscribers = subscribers
    self.homepage = homepage
    self.sizeInKilobytes = sizeInKilobytes
    self.parent = parent
    self.readme = readme
  }

  /// The same detail with `readme` in place of whatever it had.
  public func with(readme: Readme?) -> Self {
    Self(
      summary: summary, watchers: watchers, subscribers: subscribers, homepage: homepage,
      sizeInKilobytes: sizeInKilobytes, parent: parent, readme: readme)
  }
}
