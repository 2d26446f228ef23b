/// The routes the user went through, most recent last; empty at home.
///
/// ```swift
/// var stack = RouteStack()
/// stack.push(.search(query))
/// stack.push(.repository(name))
/// stack.breadcrumb // ["home", "search \"swift\"", "apple/swift"]
/// stack.pop()      // .repository(name)
/// ```
public struct RouteStack: Hashable, Sendable {
  /// The routes from the first one pushed to the current one.
  public private(set) var routes: [Route]

  /// Makes a stack holding `routes`, the current one last.
  public init(_ routes: [Route] = []) {
    self.routes = routes
  }

  /// The route on top, or `nil` at home.
  public var current: Route? { routes.last }

  /// Whether the user is at home, with nothing to go back to.
  public var isAtHome: Bool { routes.isEmpty }

  /// Where the user is, from home to the current route, one title per step; a README opened from
  /// its own repository reads `README`, since the step before names the repository.
  public var breadcrumb: [String] {
    var titles = ["home"]
    for (index, route) in routes.enumerated() {
      if case .readme(let name) = route, index > 0, routes[index - 1] == .repository(name) {
        titles.append("README")
      } else {
        titles.append(route.title)
      }
    }
    return titles
  }

  /// Puts `route` on top.
  public mutating func push(_ route: Route) {
    routes.append(route)
  }

  /// Removes and returns the route on top, or returns `nil` at home.
  @discardableResult
  public mutating func pop() -> Route? {
    routes.popLast()
  }

  /// Goes back to home.
  public mutating func popToRoot() {
    routes.removeAll()
  }
}
