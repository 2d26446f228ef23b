import ExplorerDomain
import Testing

@Suite struct ExplorerErrorTests {
  /// One value of every case, with the parts of its payload its description must mention.
  static let samples: [(ExplorerError, [String])] = [
    (.notFound(what: "repository octocat/nothing"), ["repository octocat/nothing"]),
    (.invalidQuery(message: "pages start at 1, not 0"), ["pages start at 1, not 0"]),
    (.rateLimited(.searchExhausted), ["primary", "search"]),
    (
      .rateLimited(
        RateLimit(
          kind: .secondary, resource: nil, limit: nil, resetsAt: nil, retryAfterSeconds: 60)),
      ["secondary"]
    ),
    (.unauthorized(message: "Bad credentials"), ["Bad credentials"]),
    (.forbidden(message: "Resource not accessible by token"), ["Resource not accessible"]),
    (.networkUnreachable(reason: "The request timed out"), ["The request timed out"]),
    (.serverError(status: 503, message: "Service Unavailable"), ["503", "Service Unavailable"]),
    (.serverError(status: 502, message: nil), ["502"]),
    (
      .unexpectedResponse(request: "GET /repos/apple/swift", reason: "missing field stargazers"),
      ["GET /repos/apple/swift", "missing field stargazers"]
    ),
    (
      .noRecording(request: "GET /repos/octocat/nothing", folder: "Fixtures/github"),
      ["GET /repos/octocat/nothing", "Fixtures/github"]
    ),
    (
      .fixturesUnavailable(folder: "Fixtures/missing", reason: "no such directory"),
      ["Fixtures/missing", "no such directory"]
    ),
    (
      .malformedFixture(
        file: "search-swift.json", jsonPath: "$.response.status", reason: "not a number"),
      ["search-swift.json", "$.response.status", "not a number"]
    ),
    (
      .recordingFailed(file: "repo-apple-swift.json", reason: "disk full"),
      ["repo-apple-swift.json", "disk full"]
    ),
    (.cancelled, ["cancelled"]),
  ]

  @Test(arguments: samples)
  func descriptionIsOneLineThatMentionsThePayload(error: ExplorerError, payload: [String]) {
    let description = error.description
    #expect(!description.isEmpty)
    #expect(!description.contains { $0.isNewline })
    for part in payload {
      #expect(description.contains(part), "\(description) does not mention \(part)")
    }
  }

  @Test func everyCaseHasASample() {
    let sampled = Set(Self.samples.map { $0.0.caseName })
    #expect(sampled == Set(ExplorerError.caseNames))
  }

  @Test func differentErrorsReadDifferently() {
    let descriptions = Self.samples.map { $0.0.description }
    #expect(Set(descriptions).count == descriptions.count)
  }

  @Test func rateLimitDescriptionLeavesOutAnUnknownResource() {
    let limit = RateLimit(
      kind: .primary, resource: nil, limit: 60, resetsAt: nil, retryAfterSeconds: nil)
    #expect(ExplorerError.rateLimited(limit).description == "rate limited (primary)")
  }
}

extension ExplorerError {
  /// The name of every case. ``caseName`` switches over the cases without a default, so a new
  /// case does not compile until it has a name there; add it here and give it a sample too.
  fileprivate static let caseNames = [
    "notFound", "invalidQuery", "rateLimited", "unauthorized", "forbidden", "networkUnreachable",
    "serverError", "unexpectedResponse", "noRecording", "fixturesUnavailable", "malformedFixture",
    "recordingFailed", "cancelled",
  ]

  fileprivate var caseName: String {
    switch self {
    case .notFound: "notFound"
    case .invalidQuery: "invalidQuery"
    case .rateLimited: "rateLimited"
    case .unauthorized: "unauthorized"
    case .forbidden: "forbidden"
    case .networkUnreachable: "networkUnreachable"
    case .serverError: "serverError"
    case .unexpectedResponse: "unexpectedResponse"
    case .noRecording: "noRecording"
    case .fixturesUnavailable: "fixturesUnavailable"
    case .malformedFixture: "malformedFixture"
    case .recordingFailed: "recordingFailed"
    case .cancelled: "cancelled"
    }
  }
}
