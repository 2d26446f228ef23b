/// Sends a request somewhere and returns whatever answered, without judging the status.
package protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// Why a request got no answer at all.
package enum TransportError: Error, Hashable, Sendable {
  /// The connection dropped before the whole response arrived; worth retrying.
  case connectionLost(String)
  /// The host could not be reached (DNS, refused, TLS, no network).
  case unreachable(String)
  /// No answer within the request timeout, in seconds.
  case timedOut(seconds: Double)
  /// The task was cancelled.
  case cancelled
}
