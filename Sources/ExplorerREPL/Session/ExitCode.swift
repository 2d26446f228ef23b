/// How explorer's process ends, as `--help` and the README document it.
package enum ExitCode: Int32, Sendable, CaseIterable {
  /// Every command ran (a search with no results is fine).
  case success = 0
  /// Something went wrong inside explorer itself.
  case internalError = 1
  /// The user interrupted a script with Ctrl-C.
  case cancelled = 2
  /// A command of a script or `-c` failed.
  case commandFailed = 3
  /// GitHub refused the token (or wants one).
  case authenticationRequired = 4
  /// The command line itself was wrong.
  case usage = 64

  /// One line for `--help`.
  var meaning: String {
    switch self {
    case .success: "ok (a search with no results is ok)"
    case .internalError: "internal error"
    case .cancelled: "cancelled (Ctrl-C)"
    case .commandFailed: "a command of a script failed"
    case .authenticationRequired: "authentication required (GH_TOKEN or GITHUB_TOKEN)"
    case .usage: "bad command-line usage"
    }
  }
}
