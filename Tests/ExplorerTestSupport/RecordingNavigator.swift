package import ExplorerPresentation
package import Wiring

/// A navigator that keeps the routes it was asked to show, and shows none of them.
///
/// Register it as `Container.shared.navigator` to assert where a view model or the REPL tried
/// to go, or to make a route fail with `failure`.
@MainActor
package final class RecordingNavigator: Navigator {
  /// Every route asked for, in order, shown or not.
  package private(set) var shown: [Route] = []
  /// What `show` throws, when set.
  package var failure: PresentationError?
  package private(set) var stack = RouteStack()
  package var screen: Screen? { nil }
  package var graph: ResolutionGraph? { nil }

  package nonisolated init() {}

  package func show(_ route: Route) async throws(PresentationError) {
    shown.append(route)
    if let failure { throw failure }
    stack.push(route)
  }

  package func back() throws(PresentationError) {
    guard stack.pop() != nil else { throw .nothingToGoBackTo }
  }

  package func home() { stack.popToRoot() }
}
