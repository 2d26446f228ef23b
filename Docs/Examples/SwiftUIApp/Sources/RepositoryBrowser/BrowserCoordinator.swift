import Observation

/// A screen the browser can push.
enum Route: Hashable {
  case repository(Repository.ID)
}

/// Owns the navigation path; view models push onto it, the root view binds it.
@MainActor @Observable
final class BrowserCoordinator {
  var path: [Route] = []

  func show(_ repository: Repository) {
    path.append(.repository(repository.id))
  }
}
