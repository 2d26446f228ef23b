/// What view models and the REPL ask of navigation: show a route, go back, go home.
///
/// View models receive it from the container (`Container.shared.navigator()`), never through a
/// global, so a test can register a navigator of its own and assert the routes it was asked for.
///
/// ```swift
/// try await Container.shared.navigator().show(.search(try SearchQuery("swift")))
/// ```
@MainActor
public protocol Navigator: AnyObject, Sendable {
  /// The routes the user went through, current last.
  var stack: RouteStack { get }

  /// The view model of the current route, or `nil` at home.
  var screen: Screen? { get }

  /// Loads `route` in a new screen and, once it has loaded, makes it the current one.
  ///
  /// A route that fails to load is not pushed: the user stays where they were.
  func show(_ route: Route) async throws(PresentationError)

  /// Goes back to the previous route.
  ///
  /// - Throws: `PresentationError.nothingToGoBackTo` at home.
  func back() throws(PresentationError)

  /// Goes back to home.
  func home()
}
