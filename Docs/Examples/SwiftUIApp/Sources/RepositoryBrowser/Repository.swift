/// A repository as the screens show it.
public struct Repository: Identifiable, Hashable, Sendable {
  /// The repository's `owner/name`.
  public let id: String
  /// What the repository is about.
  public let summary: String
  /// How many people starred it.
  public let stars: Int

  /// Makes a repository.
  public init(id: String, summary: String, stars: Int) {
    self.id = id
    self.summary = summary
    self.stars = stars
  }
}

/// Where repositories come from: a web service in an app, a fake in a preview.
public protocol RepositoryCatalog: Sendable {
  /// The repositories whose name or summary mention `query`.
  func search(_ query: String) async throws -> [Repository]
  /// The repository called `id`.
  func repository(_ id: Repository.ID) async throws -> Repository
}

/// A catalog of a few repositories, bundled with the app.
struct BundledCatalog: RepositoryCatalog {
  struct NotFound: Error {}

  let repositories = [
    Repository(id: "apple/swift", summary: "The Swift programming language", stars: 68_000),
    Repository(id: "hmlongco/Factory", summary: "Dependency injection for Swift", stars: 2_300),
  ]

  func search(_ query: String) async throws -> [Repository] {
    repositories.filter { $0.id.contains(query) || $0.summary.contains(query) }
  }

  func repository(_ id: Repository.ID) async throws -> Repository {
    guard let repository = repositories.first(where: { $0.id == id }) else { throw NotFound() }
    return repository
  }
}
