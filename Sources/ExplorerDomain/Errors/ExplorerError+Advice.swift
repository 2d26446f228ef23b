internal import Foundation

extension ExplorerError {
  /// What the user can do about it, in one line; `nil` when there is nothing to do.
  ///
  /// ```swift
  /// ExplorerError.noRecording(request: "GET /repos/a/b", folder: "Fixtures/github").advice
  /// // "record it with: explorer --live --record Fixtures/github"
  /// ```
  public var advice: String? {
    switch self {
    case .notFound:
      "check the owner and name"
    case .invalidQuery:
      "fix the query; GitHub's search syntax is at https://docs.github.com/search-github"
    case .rateLimited(let limit):
      Self.advice(waitingFor: limit)
    case .unauthorized:
      "check GH_TOKEN or GITHUB_TOKEN, or unset both to go anonymous"
    case .forbidden:
      "use a token that may see it (GH_TOKEN or GITHUB_TOKEN)"
    case .networkUnreachable:
      "check the connection, or switch to the recorded fixtures with :mode fixtures"
    case .serverError:
      "GitHub is having trouble; try again in a minute"
    case .unexpectedResponse:
      nil
    case .noRecording(_, let folder):
      "record it with: explorer --live --record \(folder)"
    case .fixturesUnavailable:
      "point --fixtures at a folder of recorded exchanges"
    case .malformedFixture:
      "fix the file, or record it again"
    case .recordingFailed:
      "check that the recordings folder is writable"
    case .cancelled:
      nil
    }
  }

  private static func advice(waitingFor limit: RateLimit) -> String {
    if let seconds = limit.retryAfterSeconds { return "wait \(seconds) s, then try again" }
    guard let reset = limit.resetsAt else { return "wait a minute, then try again" }
    let formatter = ISO8601DateFormatter()
    let time = formatter.string(from: reset)
    return "wait until \(time) (when the limit resets), or set GH_TOKEN for a higher limit"
  }
}
