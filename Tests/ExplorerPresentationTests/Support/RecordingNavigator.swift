import ExplorerPresentation

/// A navigator that keeps the routes it was asked to show, and shows none of them.
@MainActor
final class RecordingNavigator: Navigator {
  private(set) var shown: [Route] = []
  var failure: PresentationError?
  private(set) var stack = RouteStack()
  var screen: Screen? { nil }

  nonisolated init() {}

  func show(_ route: Route) async throws(PresentationError) {
    shown.append(route)
    if let failure { throw failure }
    stack.push(route)
  }

  func back() throws(PresentationError) {
    guard stack.pop() != nil else { throw .nothingToGoBackTo }
  }

  func home() { stack.popToRoot() }
}
