internal import ExplorerDomain

/// Asks GitHub itself.
struct LiveRepositoryStore: ExchangeBackedStore {
  let client: GitHubClient

  func respond(to request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    try await client.send(request)
  }
}
