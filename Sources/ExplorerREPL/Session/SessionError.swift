/// A command that makes sense, but not on the current screen.
enum SessionError: Error, Hashable, Sendable {
  /// `:open N` or `:more` without a list on screen.
  case noList(command: String)
  /// `:readme` or `:web` without an open repository.
  case noRepository(command: String)
  /// `:deps` before anything was resolved.
  case noGraph

  var description: String {
    switch self {
    case .noList(let command): ":\(command) needs a list of repositories on screen"
    case .noRepository(let command): ":\(command) needs an open repository"
    case .noGraph: "nothing has been resolved for this screen yet"
    }
  }

  var advice: String? {
    switch self {
    case .noList: "run :search QUERY first, or :back to the list"
    case .noRepository(let command):
      "open one with :open N or :open OWNER/NAME, or type :\(command) OWNER/NAME"
    case .noGraph: "open a screen first, e.g. :search swift"
    }
  }
}
