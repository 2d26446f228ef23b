import ExplorerDomain

/// A `RepositoryStore` that answers from dictionaries of domain values and errors.
///
/// Anything it was not given is answered the way the fixture store answers a request it has no
/// recording for: `ExplorerError.noRecording`, naming the request and ``folder``.
///
/// ```swift
/// let store = InMemoryRepositoryStore(details: [name: .success(detail)])
/// container.repositoryStore.register { store }
/// ```
struct InMemoryRepositoryStore: RepositoryStore {
  /// The folder that `noRecording` names, so a test can tell this store's answer apart.
  static let folder = "in-memory"

  /// The page, or the failure, for each query.
  var pages: [SearchQuery: Result<SearchPage, ExplorerError>] = [:]
  /// The detail without its README, or the failure, for each repository.
  var details: [RepositoryName: Result<RepositoryDetail, ExplorerError>] = [:]
  /// The README, or the failure, for each repository.
  var readmes: [RepositoryName: Result<Readme, ExplorerError>] = [:]

  func search(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage {
    try Self.answer(pages[query], to: Self.request(for: query))
  }

  func repository(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail {
    try Self.answer(details[name], to: "GET /repos/\(name)")
  }

  func readme(of name: RepositoryName) async throws(ExplorerError) -> Readme {
    try Self.answer(readmes[name], to: "GET /repos/\(name)/readme")
  }

  /// The request GitHub would be sent for `query`, as `noRecording` names it.
  static func request(for query: SearchQuery) -> String {
    var parameters = ["q=\(query.text)"]
    if let sort = query.sort {
      parameters += ["sort=\(sort.rawValue)", "order=\(query.order.rawValue)"]
    }
    parameters += ["per_page=\(query.pageSize)", "page=\(query.page)"]
    return "GET /search/repositories?" + parameters.joined(separator: "&")
  }

  private static func answer<Value>(
    _ result: Result<Value, ExplorerError>?, to request: String
  ) throws(ExplorerError) -> Value {
    guard let result else { throw .noRecording(request: request, folder: folder) }
    return try result.get()
  }
}
