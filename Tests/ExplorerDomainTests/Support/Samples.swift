import ExplorerDomain
import Foundation

/// Domain values for tests, complete but small; each differs from the others where it matters.
extension RepositorySummary {
  /// A summary of `name` with plausible values in every field.
  static func sample(_ name: RepositoryName, id: Int64 = 1, stars: Int = 42) -> Self {
    Self(
      id: id, name: name, description: "A sample repository", stars: stars, forks: 7,
      openIssues: 3, language: "Swift", topics: ["swift", "testing"],
      license: License(key: "mit", name: "MIT License", spdxID: "MIT"), isArchived: false,
      isFork: false, createdAt: nil, updatedAt: nil, pushedAt: nil, defaultBranch: "main",
      htmlURL: nil)
  }
}

extension RepositoryDetail {
  /// A detail of `name` without a README, the way a store returns it.
  static func sample(_ name: RepositoryName) -> Self {
    Self(
      summary: .sample(name), watchers: 42, subscribers: 5,
      homepage: URL(string: "https://example.com/\(name.name)"), sizeInKilobytes: 128,
      parent: RepositoryName(owner: "upstream", name: name.name), readme: nil)
  }
}

extension Readme {
  /// The README of `name`.
  static func sample(of name: RepositoryName) -> Self {
    Self(fileName: "README.md", path: "README.md", text: "# \(name.name)\n\nSample text.\n")
  }
}

extension SearchPage {
  /// A page of `query` listing `names`, leading to `next` when there is one.
  static func sample(
    _ query: SearchQuery, names: [RepositoryName], next: SearchQuery? = nil
  ) -> Self {
    Self(
      query: query,
      items: names.enumerated().map { .sample($1, id: Int64($0 + 1)) },
      totalCount: 250, isIncomplete: false, next: next)
  }
}

extension RateLimit {
  /// The per-minute search allowance, used up.
  static let searchExhausted = RateLimit(
    kind: .primary, resource: "search", limit: 30, resetsAt: nil, retryAfterSeconds: nil)
}

extension RepositoryName {
  static let swift = RepositoryName(owner: "apple", name: "swift")
  static let swiftFormat = RepositoryName(owner: "apple", name: "swift-format")
  static let missing = RepositoryName(owner: "octocat", name: "nothing")
}
