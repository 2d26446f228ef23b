/// The catalog previews register: fixed repositories, or a failure.
struct PreviewCatalog: RepositoryCatalog {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let sample = PreviewCatalog(repositories: [
    Repository(id: "preview/one", summary: "A repository for previews", stars: 1),
    Repository(id: "preview/two", summary: "Another one", stars: 2),
  ])

  var repositories: [Repository] = []
  var failure: String?

  func search(_ query: String) async throws -> [Repository] {
    if let failure { throw Failure(description: failure) }
    return repositories
  }

  func repository(_ id: Repository.ID) async throws -> Repository {
    if let failure { throw Failure(description: failure) }
    guard let repository = repositories.first(where: { $0.id == id }) else {
      throw Failure(description: "no \(id) in the preview catalog")
    }
    return repository
  }
}
