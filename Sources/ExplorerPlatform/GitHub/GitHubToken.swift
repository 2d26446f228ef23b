internal import Foundation

/// A GitHub token and where it came from; it prints as `GH_TOKEN (hidden)`, never its value.
public struct GitHubToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The environment variable it was read from, such as `GH_TOKEN`.
  public let source: String
  let value: String

  /// A token read from `source`.
  public init(_ value: String, source: String) {
    self.value = value
    self.source = source
  }

  /// The variables a token is read from, in order: GitHub's CLI reads the same two.
  public static let environmentVariables = ["GH_TOKEN", "GITHUB_TOKEN"]

  /// The first non-blank token among `environmentVariables`, or `nil` to go anonymous.
  public static func fromEnvironment(_ environment: [String: String]) -> GitHubToken? {
    for name in environmentVariables {
      if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines),
        !value.isEmpty
      {
        return GitHubToken(value, source: name)
      }
    }
    return nil
  }

  /// `GH_TOKEN (hidden)`.
  public var description: String { "\(source) (hidden)" }
  /// `GitHubToken(GH_TOKEN, hidden)`.
  public var debugDescription: String { "GitHubToken(\(source), hidden)" }
  /// Only the source, so `dump` and debuggers do not show the value either.
  public var customMirror: Mirror { Mirror(self, children: ["source": source]) }
}
