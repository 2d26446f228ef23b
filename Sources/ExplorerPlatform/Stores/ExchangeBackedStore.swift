internal import ExplorerDomain

/// A store that answers by getting GitHub's response to GitHub's request from somewhere.
///
/// The live, recording and fixture stores differ only in `respond(to:)`; building the request
/// and reading the response is shared, so they cannot drift apart.
protocol ExchangeBackedStore: RepositoryStore {
  func respond(to request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse
}

extension ExchangeBackedStore {
  func search(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage {
    let request = GitHubEndpoint.search(query)
    let response = try await respond(to: request)
    return try GitHubResponses.searchPage(response, for: query, request: request)
  }

  func repository(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail {
    let request = GitHubEndpoint.repository(name)
    let response = try await respond(to: request)
    return try GitHubResponses.repository(response, named: name, request: request)
  }

  func readme(of name: RepositoryName) async throws(ExplorerError) -> Readme {
    let request = GitHubEndpoint.readme(name)
    let response = try await respond(to: request)
    return try GitHubResponses.readme(response, of: name, request: request)
  }
}
