import ExplorerDomain

/// A store whose repository and README requests each wait until the other has started.
///
/// Both answer from ``answers`` once they meet. Asked one after the other, the first request
/// gives up after ``patience`` seconds and fails with ``notConcurrent(_:)``, so a use case that
/// does not overlap the two requests fails its test instead of hanging it.
struct RendezvousRepositoryStore: RepositoryStore {
  /// Where the answers come from once both requests are in flight.
  let answers: InMemoryRepositoryStore
  /// How long one request waits for the other.
  let patience: Double

  private let repositoryStarted = Rendezvous()
  private let readmeStarted = Rendezvous()

  init(answers: InMemoryRepositoryStore, patience: Double = 5) {
    self.answers = answers
    self.patience = patience
  }

  /// The failure of a request whose partner never started while it waited.
  static func notConcurrent(_ request: String) -> ExplorerError {
    .unexpectedResponse(request: request, reason: "the other request never started meanwhile")
  }

  func search(_ query: SearchQuery) async throws(ExplorerError) -> SearchPage {
    try await answers.search(query)
  }

  func repository(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail {
    await repositoryStarted.open()
    guard await readmeStarted.wait(seconds: patience) else {
      throw Self.notConcurrent("GET /repos/\(name)")
    }
    return try await answers.repository(name)
  }

  func readme(of name: RepositoryName) async throws(ExplorerError) -> Readme {
    await readmeStarted.open()
    guard await repositoryStarted.wait(seconds: patience) else {
      throw Self.notConcurrent("GET /repos/\(name)/readme")
    }
    return try await answers.readme(of: name)
  }
}
