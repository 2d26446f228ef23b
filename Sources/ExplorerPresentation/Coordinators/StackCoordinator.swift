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
      let screen = Self.screen(for: route)
      return (screen, await Self.load(screen, route))
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

  private static func screen(for route: Route) -> Screen {
    let container = Container.shared
    return switch route {
    case .search: .search(container.searchViewModel())
    case .repository: .repository(container.repositoryViewModel())
    case .readme: .readme(container.readmeViewModel())
    }
  }

  /// Gives the screen its route's input and returns the failure, if it failed.
  private static func load(_ screen: Screen, _ route: Route) async -> PresentationError? {
    switch (screen, route) {
    case (.search(let model), .search(let query)):
      await model.search(query)
      return model.state.phase.failure
    case (.repository(let model), .repository(let name)):
      await model.load(name)
      return model.state.phase.failure
    case (.readme(let model), .readme(let name)):
      await model.load(name)
      return model.state.phase.failure
    default:
      preconditionFailure("screen(for:) built a screen for another route")
    }
  }
}
