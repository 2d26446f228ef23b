import ExplorerDomain
import Testing

/// The concurrency check in ``OpenRepositoryUseCaseTests`` can fail: requests made one after
/// the other are reported, not left waiting forever.
@Suite struct RendezvousRepositoryStoreTests {
  static let answers = InMemoryRepositoryStore(
    details: [.swift: .success(.sample(.swift))],
    readmes: [.swift: .success(.sample(of: .swift))])

  @Test func repositoryRequestedAloneFailsOnceItsPatienceRunsOut() async {
    let store = RendezvousRepositoryStore(answers: Self.answers, patience: 0.05)
    let expected = RendezvousRepositoryStore.notConcurrent("GET /repos/apple/swift")
    await #expect(throws: expected) { try await store.repository(.swift) }
  }

  @Test func readmeRequestedAloneFailsOnceItsPatienceRunsOut() async {
    let store = RendezvousRepositoryStore(answers: Self.answers, patience: 0.05)
    let expected = RendezvousRepositoryStore.notConcurrent("GET /repos/apple/swift/readme")
    await #expect(throws: expected) { try await store.readme(of: .swift) }
  }

  @Test func requestsInFlightTogetherBothGetTheirAnswers() async throws {
    let store = RendezvousRepositoryStore(answers: Self.answers)
    async let readme = store.readme(of: .swift)
    let detail = try await store.repository(.swift)
    #expect(detail == .sample(.swift))
    #expect(try await readme == .sample(of: .swift))
  }
}
