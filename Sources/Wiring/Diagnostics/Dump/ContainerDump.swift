/// What a container holds right now, for reading in a terminal: its overrides, its kept
/// instances, its saved states and the process-wide singletons.
///
/// ```swift
/// print(Container.shared.manager.dump())
/// // Container: auto-registration done, 1 saved state (push depth 1)
/// // Overrides (1):
/// //   Container.api: scope of the declaration
/// // Kept instances (2):
/// //   Container.session: Session [cached]
/// //   Container.avatar: 3 per argument
/// // Singletons, process-wide (1):
/// //   Container.clock: SystemClock [singleton]
/// ```
///
/// A container only knows the factories it has resolved or registered: a declaration that was
/// never used leaves nothing to list.
public struct ContainerDump: Sendable, Hashable, CustomStringConvertible {
  /// One line of the dump: a factory and what is held for it.
  public struct Entry: Sendable, Hashable, CustomStringConvertible {
    /// The factory, spelled `Container.api`.
    public let key: String
    /// What is held: a scope, an instance's type, a count.
    public let detail: String

    /// `key: detail`.
    public var description: String { "\(key): \(detail)" }
  }

  /// Whether the container's auto-registration ran: `done`, `pending` or `running`.
  public let autoRegistration: String
  /// How many states ``ContainerManager/push()`` saved that ``ContainerManager/pop()`` has not
  /// restored.
  public let pushDepth: Int
  /// The factories with an override registered, or modifiers written as statements, and the
  /// scope they resolve in.
  public let overrides: [Entry]
  /// The instances this container keeps, with their type and scope.
  public let instances: [Entry]
  /// Builds in progress that other resolutions may be waiting for.
  public let inFlight: [Entry]
  /// The process-wide singletons of every container.
  public let singletons: [Entry]

  /// Every section, one entry per line, sorted by key.
  public var description: String {
    var lines = ["Container: auto-registration \(autoRegistration), push depth \(pushDepth)"]
    func section(_ title: String, _ entries: [Entry]) {
      lines.append("\(title) (\(entries.count))\(entries.isEmpty ? "" : ":")")
      lines += entries.map { "  \(String(describing: $0).singleLine)" }
    }
    section("Overrides", overrides)
    section("Kept instances", instances)
    if !inFlight.isEmpty { section("Being built", inFlight) }
    section("Singletons, process-wide", singletons)
    return lines.joined(separator: "\n")
  }
}
