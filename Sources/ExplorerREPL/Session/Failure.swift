internal import ExplorerDomain
internal import ExplorerPresentation

/// Any reason a line failed, with the exit code a script stops with.
enum Failure: Error, Sendable {
  case command(CommandError)
  case presentation(PresentationError)
  case session(SessionError)

  var description: String {
    switch self {
    case .command(let error): error.description
    case .presentation(let error): error.description
    case .session(let error): error.description
    }
  }

  var advice: String? {
    switch self {
    case .command(let error): error.advice
    case .presentation(let error): error.advice
    case .session(let error): error.advice
    }
  }

  /// The exit code of a script that stops on this failure.
  var exitCode: ExitCode {
    switch self {
    case .presentation(.failed(.cancelled)): .cancelled
    case .presentation(.failed(.unauthorized)): .authenticationRequired
    default: .commandFailed
    }
  }
}
