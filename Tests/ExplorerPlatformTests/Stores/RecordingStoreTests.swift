import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing
import Wiring

/// The recording store writes exchanges that the fixture store reads back identically.
@Suite struct RecordingStoreTests {
  static let token = GitHubToken("ghp_recordingSecret42", source: "GH_TOKEN")

  /// A recording store that asks a replay server of the bundled fixtures, as if it were GitHub.
  func recordingStore(into folder: URL, server: ReplayServer) -> any RepositoryStore {
    let container = Container()
    container.gitHubConfiguration.register {
      GitHubConfiguration(apiURL: server.baseURL, token: Self.token, retries: 0)
    }
    return container.recordingRepositoryStore(folder)
  }

  @Test func aRecordedSessionReplaysIdentically() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let recordings = try TemporaryFixtures()
    let recorder = recordingStore(into: recordings.folder, server: server)
    let factory = try #require(RepositoryName("hmlongco/Factory"))
    let noReadme = try #require(RepositoryName("mteodor/LightDI"))

    let query = try SearchQuery("topic:dependency-injection language:swift")
    let live = (
      try await recorder.search(query), try await recorder.repository(factory),
      try await recorder.readme(of: factory),
      await outcome { () async throws(ExplorerError) in try await recorder.readme(of: noReadme) },
      await outcome { () async throws(ExplorerError) in
        try await recorder.search(try SearchQuery("kubernetes"))
      }
    )

    let replay = Container().fixtureRepositoryStore(recordings.folder)
    #expect(try await replay.search(query) == live.0)
    #expect(try await replay.repository(factory) == live.1)
    #expect(try await replay.readme(of: factory) == live.2)
    let replayedMissing = await outcome { () async throws(ExplorerError) in
      try await replay.readme(of: noReadme)
    }
    #expect(replayedMissing == live.3)
    let replayedLimit = await outcome { () async throws(ExplorerError) in
      try await replay.search(try SearchQuery("kubernetes"))
    }
    #expect(replayedLimit == live.4)
    if case .failure(.rateLimited(let limit)) = replayedLimit {
      #expect(limit.resetsAt != nil, "the rate-limit headers were recorded")
    } else {
      Issue.record("expected the recorded 403 to replay as a rate limit")
    }
    #expect(
      recordings.files == [
        "repos/hmlongco/Factory/readme.json", "repos/hmlongco/Factory/repository.json",
        "repos/mteodor/LightDI/readme.json",
        "search/kubernetes.per-10.page-1.json",
        "search/topic-dependency-injection-language-swift.per-10.page-1.json",
      ])
  }

  @Test func recordingANameInAnotherCaseOverwritesTheFileAlreadyThere() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let recordings = try TemporaryFixtures()
    try recordings.copyBundled("repos/hmlongco/Factory/repository.json")
    let recorder = recordingStore(into: recordings.folder, server: server)
    _ = try await recorder.repository(RepositoryName(owner: "HMLongco", name: "factory"))
    #expect(recordings.files == ["repos/hmlongco/Factory/repository.json"])
    let replay = try ExchangeArchive.load(from: recordings.folder)
    #expect(replay.recordings.count == 1)
  }

  @Test func twoQueriesWithTheSameFileNameAreBothKept() async throws {
    let source = try TemporaryFixtures()
    for (file, text, total) in [("more.json", "stars:>5", 7), ("less.json", "stars:<5", 3)] {
      try source.write(
        file, path: "/search/repositories", query: ["q": text, "per_page": "10", "page": "1"],
        status: 200, body: #"{"total_count": \#(total), "incomplete_results": false, "items": []}"#)
    }
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: source.folder))
    defer { server.stop() }
    let recordings = try TemporaryFixtures()
    let recorder = recordingStore(into: recordings.folder, server: server)
    for text in ["stars:>5", "stars:<5", "stars:>5"] {
      _ = try await recorder.search(try SearchQuery(text))
    }
    #expect(
      recordings.files.sorted() == [
        "search/stars-5.per-10.page-1.json", "search/stars-5.per-10.page-1~2.json",
      ])
    let replay = Container().fixtureRepositoryStore(recordings.folder)
    #expect(try await replay.search(try SearchQuery("stars:>5")).totalCount == 7)
    #expect(try await replay.search(try SearchQuery("stars:<5")).totalCount == 3)
  }

  @Test func recordingsCarryNoTokenAndNoTransferHeaders() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    server.enqueue(
      .respond(
        status: 200,
        headers: [
          "Content-Encoding": "gzip", "Set-Cookie": "logged_in=no", "X-RateLimit-Remaining": "9",
          "X-Echo": "Bearer ghp_recordingSecret42",
        ],
        body:
          #"{"total_count":0,"incomplete_results":false,"items":[],"echo":"ghp_recordingSecret42"}"#
      ))
    let recordings = try TemporaryFixtures()
    _ = try await recordingStore(into: recordings.folder, server: server)
      .search(try SearchQuery("anything"))
    let text = try recordings.read("search/anything.per-10.page-1.json")
    #expect(!text.contains("ghp_recordingSecret42"))
    #expect(text.contains("[redacted]"))
    #expect(!text.contains("Content-Encoding"))
    #expect(!text.contains("Set-Cookie"))
    #expect(text.contains(#""X-RateLimit-Remaining": "9""#))
    #expect(!text.lowercased().contains("authorization"))
  }

  @Test func aRecordingThatCannotBeWrittenIsAnErrorNotASilentLoss() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let recordings = try TemporaryFixtures()
    try recordings.writeRaw("search", "a file where a folder must go")
    let error = await #expect(throws: ExplorerError.self) {
      try await recordingStore(into: recordings.folder, server: server)
        .search(try SearchQuery("swift"))
    }
    guard case .recordingFailed(let file, _)? = error else {
      Issue.record("expected recordingFailed, got \(String(describing: error))")
      return
    }
    #expect(file.hasSuffix("search/swift.per-10.page-1.json"))
  }
}

/// What `body` returned or threw, as a value that can be compared.
func outcome<T>(
  _ body: () async throws(ExplorerError) -> T
) async -> Result<T, ExplorerError> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}
