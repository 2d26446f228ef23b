internal import Wiring

/// The app's navigator: a stack of routes, each with the view model resolved for it.
///
/// Each view model comes from `Container.shared` when its route is shown, so registering a
/// different view model, use case or store changes what the next screen shows.
@MainActor
final class StackCoordinator: Navigator {
  private(set) var stack = RouteStack()
  private var screens: [(screen: Screen, graph: ResolutionGraph)] = []

  nonisolated init() {}

  var screen: Screen? { screens.last?.screen }

  var graph: ResolutionGraph? { screens.last?.graph }

  func show(_ route: Route) async throws(PresentationError) {
    let ((screen, failure), graph) = await Container.shared.manager.recordingGraph {
      await Self.open(route)
    }
    if let failure { throw failure }
    stack.push(route)
    screens.append((screen, graph))
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
    let container = Container.shared
    switch route {
    case .search(let query):
      let model = container.searchViewModel()
      await model.search(query)
      return (.search(model), model.state.phase.failure)
    case .repository(let name):
      let model = container.repositoryViewModel()
      await model.load(name)
      return (.repository(model), model.state.phase.failure)
    case .readme(let name):
      let model = container.readmeViewModel()
      await model.load(name)
      return (.readme(model), model.state.phase.failure)
    }
  }
}
