internal import ExplorerDomain
internal import Foundation

/// A repository as GitHub sends it in search results and from `GET /repos/{owner}/{repo}`.
///
/// Only what the domain uses is decoded. Fields the schema marks nullable are optional, and so
/// are fields that old or trimmed responses are known to lack where the domain can do without.
struct RepositoryPayload: Decodable {
  struct Owner: Decodable {
    let login: String
  }

  struct LicensePayload: Decodable {
    let key: String
    let name: String
    let spdxID: String?

    enum CodingKeys: String, CodingKey {
      case key, name
      case spdxID = "spdx_id"
    }
  }

  /// The parent of a fork: just enough to name it.
  struct Parent: Decodable {
    let fullName: String

    enum CodingKeys: String, CodingKey {
      case fullName = "full_name"
    }
  }

  let id: Int64
  let name: String
  let fullName: String?
  let owner: Owner?
  let description: String?
  let stargazersCount: Int
  let forksCount: Int
  let openIssuesCount: Int
  let language: String?
  let topics: [String]?
  let license: LicensePayload?
  let archived: Bool?
  let fork: Bool
  let createdAt: Timestamp?
  let updatedAt: Timestamp?
  let pushedAt: Timestamp?
  let defaultBranch: String?
  let htmlURL: String?
  // Only in `full-repository`.
  let watchersCount: Int?
  let subscribersCount: Int?
  let homepage: String?
  let size: Int?
  let parent: Parent?

  enum CodingKeys: String, CodingKey {
    case id, name, owner, description, language, topics, license, archived, fork, homepage, size
    case parent
    case fullName = "full_name"
    case stargazersCount = "stargazers_count"
    case forksCount = "forks_count"
    case openIssuesCount = "open_issues_count"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case pushedAt = "pushed_at"
    case defaultBranch = "default_branch"
    case htmlURL = "html_url"
    case watchersCount = "watchers_count"
    case subscribersCount = "subscribers_count"
  }

  /// The `owner/name`, from `full_name`, else from `owner.login` and `name`.
  func repositoryName() throws(PayloadError) -> RepositoryName {
    if let fullName {
      guard let name = RepositoryName(fullName) else {
        throw PayloadError(path: "full_name", reason: "\"\(fullName)\" is not owner/name")
      }
      return name
    }
    guard let owner else {
      throw PayloadError(path: "full_name", reason: "neither full_name nor owner is present")
    }
    return RepositoryName(owner: owner.login, name: name)
  }

  func summary() throws(PayloadError) -> RepositorySummary {
    RepositorySummary(
      id: id, name: try repositoryName(), description: description, stars: stargazersCount,
      forks: forksCount, openIssues: openIssuesCount, language: language, topics: topics ?? [],
      license: license.map { License(key: $0.key, name: $0.name, spdxID: $0.spdxID) },
      isArchived: archived ?? false, isFork: fork, createdAt: createdAt?.date,
      updatedAt: updatedAt?.date, pushedAt: pushedAt?.date, defaultBranch: defaultBranch,
      htmlURL: htmlURL.flatMap(URL.init(string:)))
  }

  func detail() throws(PayloadError) -> RepositoryDetail {
    guard let watchersCount else {
      throw PayloadError(path: "watchers_count", reason: "a repository detail needs it")
    }
    return RepositoryDetail(
      summary: try summary(), watchers: watchersCount, subscribers: subscribersCount,
      homepage: homepage.flatMap { $0.isEmpty ? nil : URL(string: $0) },
      sizeInKilobytes: size, parent: parent.flatMap { RepositoryName($0.fullName) },
      readme: nil)
  }
}
