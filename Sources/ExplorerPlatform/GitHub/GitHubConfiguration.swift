public import Foundation

/// How to talk to GitHub: where, as whom, and how patiently.
///
/// ```swift
/// var configuration = GitHubConfiguration.fromEnvironment(ProcessInfo.processInfo.environment)
/// configuration.apiURL = URL(string: "https://github.example.com/api/v3")!  // Enterprise Server
/// ```
public struct GitHubConfiguration: Sendable {
  /// `https://api.github.com`.
  public static let publicAPI = URL(string: "https://api.github.com")!

  /// The API root: `https://api.github.com`, or `https://HOST/api/v3` for Enterprise Server.
  public var apiURL: URL
  /// The token sent as `Authorization: Bearer`, or `nil` for anonymous requests.
  public var token: GitHubToken?
  /// The `User-Agent` GitHub requires on every request.
  public var userAgent: String
  /// Seconds to wait for an answer before giving up on one attempt.
  public var timeout: Double
  /// Retries after the first attempt, for 5xx answers and dropped connections only.
  public var retries: Int
  /// Seconds before the first retry; each further retry waits twice as long.
  public var retryDelay: Double

  /// A configuration; the defaults suit `api.github.com`.
  public init(
    apiURL: URL = publicAPI, token: GitHubToken? = nil,
    userAgent: String = "wiring-explorer/1.0", timeout: Double = 20, retries: Int = 2,
    retryDelay: Double = 0.5
  ) {
    self.apiURL = apiURL
    self.token = token
    self.userAgent = userAgent
    self.timeout = timeout
    self.retries = retries
    self.retryDelay = retryDelay
  }

  /// The default configuration with the token from `GH_TOKEN` or `GITHUB_TOKEN`, if set.
  public static func fromEnvironment(_ environment: [String: String]) -> Self {
    Self(token: GitHubToken.fromEnvironment(environment))
  }

  /// The headers every request carries.
  var headers: [String: String] {
    var headers = [
      "Accept": "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      "User-Agent": userAgent,
    ]
    if let token { headers["Authorization"] = "Bearer \(token.value)" }
    return headers
  }
}
