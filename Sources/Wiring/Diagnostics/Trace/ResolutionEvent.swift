/// One resolution, as a trace reports it: which factory, how deep, in which scope, and whether it
/// built a new instance or reused a kept one.
///
/// Its `description` is one line, indented two spaces per level of nesting, ready for a logger:
///
/// ```swift
/// Container.shared.manager.onResolution = { event in logger.debug("\(event)") }
/// // Container.viewModel: ViewModel [unique] built
/// //   Container.api: any APIClient [singleton] cached
/// ```
public struct ResolutionEvent: Sendable, Hashable, CustomStringConvertible {
  /// What a resolution did to get its value.
  public enum Outcome: String, Sendable, Hashable {
    /// It ran the factory's builder: a new instance.
    case built
    /// It returned an instance its scope kept.
    case cached
    /// It waited for the same instance that another thread or task was building.
    case joined
  }

  /// How many resolutions enclose this one: 0 for a resolution made by app code.
  public let depth: Int
  /// The factory, spelled `Container.api`.
  public let key: String
  /// The type the factory produces, as Swift prints it.
  public let type: String
  /// The scope the instance was kept for (or not, for `.unique`).
  public let scope: Scope
  /// The parameter of a `ParameterFactory`, as Swift prints it; nil for other factories.
  public let parameter: String?
  /// Whether the resolution built or reused its value.
  public let outcome: Outcome

  /// Makes an event; Wiring makes them, tests of a logger may too.
  public init(
    depth: Int, key: String, type: String, scope: Scope, parameter: String? = nil,
    outcome: Outcome
  ) {
    self.depth = depth
    self.key = key
    self.type = type
    self.scope = scope
    self.parameter = parameter
    self.outcome = outcome
  }

  /// `Container.user(42): User [cached] built`, indented by depth.
  public var description: String {
    let indent = String(repeating: "  ", count: depth)
    let argument = parameter.map { "(\($0))" } ?? ""
    return "\(indent)\(key)\(argument): \(type) [\(scope)] \(outcome.rawValue)"
  }
}
