/// A command that makes sense, but not on the current screen.
enum SessionError: Error, Hashable, Sendable {
  /// `:open N` or `:more` without a list on screen.
  case noList(command: String)
  /// `:readme` without an open repository.
  case noRepository
  /// `:deps` before anything was resolved.
  case noGraph

  var description: String {
    switch self {
    case .noList(let command): ":\(command) needs a list of repositories on screen"
    case .noRepository: ":readme needs an open repository"
    case .noGraph: "nothing has been resolved for this screen yet"
    }
  }

  var advice: String? {
    switch self {
    case .noList: "run :search QUERY first, or :back to the list"
    case .noRepository: "open one with :open N or :open OWNER/NAME, or type :readme OWNER/NAME"
    case .noGraph: "open a screen first, e.g. :search swift"
    }
  }
}
