/// Everything that can go wrong while exploring, as one value the REPL turns into one line.
///
/// Each case carries what the user needs to act on it; none ever carries a token.
public enum ExplorerError: Error, Hashable, Sendable {
  /// GitHub has nothing at that address (HTTP 404): `what` names it, such as
  /// `repository octocat/nothing`.
  case notFound(what: String)
  /// GitHub rejected the search (HTTP 422), or the query was invalid before it was sent.
  case invalidQuery(message: String)
  /// A rate limit was hit (HTTP 403 or 429 with GitHub's rate-limit headers).
  case rateLimited(RateLimit)
  /// The token was missing, wrong or expired (HTTP 401).
  case unauthorized(message: String)
  /// The token is valid but may not see this (HTTP 403 without a rate limit).
  case forbidden(message: String)
  /// GitHub could not be reached: no connection, DNS, TLS or a timeout.
  case networkUnreachable(reason: String)
  /// GitHub failed (HTTP 5xx), still after the retries.
  case serverError(status: Int, message: String?)
  /// GitHub answered with something this client does not understand.
  case unexpectedResponse(request: String, reason: String)
  /// The fixtures have no exchange for `request` (`GET /path?query`) in `folder`.
  case noRecording(request: String, folder: String)
  /// The fixtures folder does not exist or cannot be listed.
  case fixturesUnavailable(folder: String, reason: String)
  /// A fixture file is not a valid exchange: `jsonPath` points at the bad value.
  case malformedFixture(file: String, jsonPath: String, reason: String)
  /// A live exchange could not be written to the recordings folder.
  case recordingFailed(file: String, reason: String)
  /// The request was cancelled before it finished.
  case cancelled
}

extension ExplorerError: CustomStringConvertible {
  /// A one-line account of what happened, without advice.
  public var description: String {
    switch self {
    case .notFound(let what):
      "not found: \(what)"
    case .invalidQuery(let message):
      "invalid query: \(message)"
    case .rateLimited(let limit):
      "rate limited (\(limit.kind == .primary ? "primary" : "secondary")"
        + "\(limit.resource.map { ", \($0)" } ?? ""))"
    case .unauthorized(let message):
      "unauthorized: \(message)"
    case .forbidden(let message):
      "forbidden: \(message)"
    case .networkUnreachable(let reason):
      "network unreachable: \(reason)"
    case .serverError(let status, let message):
      "server error \(status)\(message.map { ": \($0)" } ?? "")"
    case .unexpectedResponse(let request, let reason):
      "unexpected response to \(request): \(reason)"
    case .noRecording(let request, let folder):
      "no recording for \(request) in \(folder)"
    case .fixturesUnavailable(let folder, let reason):
      "fixtures unavailable in \(folder): \(reason)"
    case .malformedFixture(let file, let jsonPath, let reason):
      "malformed fixture \(file) at \(jsonPath): \(reason)"
    case .recordingFailed(let file, let reason):
      "cannot record \(file): \(reason)"
    case .cancelled:
      "cancelled"
    }
  }
}
