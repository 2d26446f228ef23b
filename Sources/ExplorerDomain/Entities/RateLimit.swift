public import Foundation

/// What GitHub said about the limit a request ran into.
public struct RateLimit: Hashable, Sendable {
  /// Which limit it was.
  public enum Kind: Hashable, Sendable {
    /// The hourly (or, for search, per-minute) allowance ran out: `X-RateLimit-Remaining: 0`.
    case primary
    /// GitHub's abuse protection asked the client to slow down (`Retry-After`, or a 403 or 429
    /// with requests still remaining).
    case secondary
  }

  /// Which limit it was.
  public let kind: Kind
  /// The resource counted against, such as `core` or `search`, when GitHub said.
  public let resource: String?
  /// Requests allowed per window, when GitHub said.
  public let limit: Int?
  /// When the allowance is renewed (`X-RateLimit-Reset`).
  public let resetsAt: Date?
  /// How long to wait before trying again (`Retry-After`), in seconds.
  public let retryAfterSeconds: Int?

  /// A rate limit from what GitHub's headers said.
  public init(
    kind: Kind, resource: String?, limit: Int?, resetsAt: Date?, retryAfterSeconds: Int?
  ) {
    self.kind = kind
    self.resource = resource
    self.limit = limit
    self.resetsAt = resetsAt
    self.retryAfterSeconds = retryAfterSeconds
  }
}
