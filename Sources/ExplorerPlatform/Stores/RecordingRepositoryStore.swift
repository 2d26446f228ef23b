internal import ExplorerDomain

/// Asks GitHub and writes every exchange to a folder, in the format the fixture store reads.
struct RecordingRepositoryStore: ExchangeBackedStore {
  let client: GitHubClient
  let recorder: ExchangeRecorder

  func respond(to request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    let response = try await client.send(request)
    try recorder.record(request, response)
    return response
  }
}
