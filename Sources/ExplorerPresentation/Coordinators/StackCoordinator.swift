/// The app's navigator: a stack of routes, each with the view model resolved for it.
///
/// Each view model comes from `Container.shared` when its route is shown, so registering a
/// different view model, use case or store changes what the next screen shows.
@MainActor
final class StackCoordinator: Navigator {
  private(set) var stack = RouteStack()
  private var screens: [Screen] = []

  nonisolated init() {}

  var screen: Screen? { screens.last }

  func show(_ route: Route) async throws(PresentationError) {
    let (screen, failure) = await Self.open(route)
    if let failure { throw failure }
    stack.push(route)
    screens.append(screen)
  }

  func back() throws(PresentationError) {
    guard stack.pop() != nil else { throw .nothingToGoBackTo }
    screens.removeLast()
  }

  func home() {
    stack.popToRoot()
    screens.removeAll()
  }

  /// Resolves the view model for `route`, gives it the route's input, and returns the screen
  /// with its failure, if it failed.
  private static func open(_ route: Route) async -> (Screen, PresentationError?) {
    let screen = Screen.resolved(for: route)
    switch (route, screen) {
    case (.search(let query), .search(let model)):
      await model.search(query)
      return (screen, model.state.phase.failure)
    case (.repository(let name), .repository(let model)):
      await model.load(name)
      return (screen, model.state.phase.failure)
    case (.readme(let name), .readme(let model)):
      await model.load(name)
      return (screen, model.state.phase.failure)
    default:
      preconditionFailure("Screen.resolved(for:) made a screen of another route")
    }
  }
}
