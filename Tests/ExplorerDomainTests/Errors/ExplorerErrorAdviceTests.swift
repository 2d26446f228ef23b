import ExplorerDomain
import Foundation
import Testing

@Suite struct ExplorerErrorAdviceTests {
  @Test func aMissingRecordingSaysHowToRecordIt() {
    let error = ExplorerError.noRecording(request: "GET /repos/a/b", folder: "Fixtures/github")
    #expect(error.advice == "record it with: explorer --live --record Fixtures/github")
  }

  @Test(arguments: [
    (
      RateLimit(kind: .secondary, resource: nil, limit: nil, resetsAt: nil, retryAfterSeconds: 60),
      "wait 60 s, then try again"
    ),
    (
      RateLimit(
        kind: .primary, resource: "search", limit: 10,
        resetsAt: Date(timeIntervalSince1970: 1_795_169_405), retryAfterSeconds: nil),
      "wait until 2026-11-20T10:10:05Z (when the limit resets), or set GH_TOKEN for a higher limit"
    ),
  ])
  func aRateLimitSaysHowLongToWait(limit: RateLimit, advice: String) {
    #expect(ExplorerError.rateLimited(limit).advice == advice)
  }

  @Test func adviceIsOneLine() {
    let errors: [ExplorerError] = [
      .notFound(what: "x"), .invalidQuery(message: "x"), .unauthorized(message: "x"),
      .forbidden(message: "x"), .networkUnreachable(reason: "x"),
      .serverError(status: 500, message: nil),
      .fixturesUnavailable(folder: "f", reason: "x"),
      .malformedFixture(file: "f", jsonPath: "p", reason: "x"),
      .recordingFailed(file: "f", reason: "x"),
    ]
    for error in errors {
      let advice = error.advice
      #expect(advice?.isEmpty == false, "\(error) has no advice")
      #expect(advice?.contains("\n") == false)
    }
  }
}
