/// What a container holds right now, for reading in a terminal: its overrides, its kept
/// instances, its saved states and the process-wide singletons.
///
/// ```swift
/// print(Container.shared.manager.dump())
/// // Container: auto-registration done, push depth 1
/// // Overrides (1):
/// //   Container.api: scope of the declaration
/// // Kept instances (2):
/// //   Container.session: Session [cached]
/// //   Container.avatar: 3 kept, one per argument
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
  /// The singletons of every container: the process's, or inside an isolated test the test's
  /// own (``singletonsAreTheTests``).
  public let singletons: [Entry]
  /// Whether ``singletons`` are an isolated test's own rather than the process's.
  public let singletonsAreTheTests: Bool

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
    section(
      singletonsAreTheTests ? "Singletons, this test's own" : "Singletons, process-wide", singletons
    )
    return lines.joined(separator: "\n")
  }
}

extension ContainerManager {
  /// What this container holds right now; see ``ContainerDump``.
  ///
  /// ```swift
  /// print(Container.shared.manager.dump())
  /// ```
  public func dump() -> ContainerDump {
    let (autoRegistration, depth, overrides, instances, inFlight) = registry.withLock {
      registry in
      let entries = registry.slots.entries
      return (
        registry.autoRegistration.name, registry.saved.count,
        entries.compactMap { key, slot in
          // What only keeps an instance past its registration is marked with the instance.
          slot.amendment.flatMap { $0.isEmpty ? nil : $0 }.map { amendment in
            let amended = !amendment.isReplacement
            let scope = slot.amendment?.scope.map { "scope \($0)" } ?? "scope of the declaration"
            let detail = amended ? "modifiers written as statements, \(scope)" : scope
            return ContainerDump.Entry(key: key.description, detail: detail)
          }
        },
        entries.compactMap { Self.instanceEntry($0.key, $0.slot) },
        entries.compactMap { key, slot in
          slot.construction == nil && slot.asyncConstruction == nil
            ? nil : ContainerDump.Entry(key: key.description, detail: "being built")
        }
      )
    }
    let singletons = Self.withSingletons { slots, _ in
      slots.entries.compactMap { Self.instanceEntry($0.key, $0.slot) }
    }
    return ContainerDump(
      autoRegistration: autoRegistration, pushDepth: depth, overrides: overrides.sorted(),
      instances: instances.sorted(), inFlight: inFlight.sorted(), singletons: singletons.sorted(),
      singletonsAreTheTests: Singletons.current !== Singletons.processWide)
  }

  /// The entry for what `slot` keeps, or nil when it keeps nothing.
  private static func instanceEntry(_ key: FactoryKey, _ slot: Slot) -> ContainerDump.Entry? {
    if let instance = slot.instance {
      let held: String
      if let weak = instance.box as? WeakBox {
        held = weak.object.map { "\(type(of: $0)), held weakly" } ?? "released"
      } else {
        held = (instance.box as? any BoxedValue)?.valueTypeName ?? "\(type(of: instance.box))"
      }
      let stale = slot.staleChain.map { ", stale: \(ContainerDump.staleness($0))" } ?? ""
      let orphaned = slot.outlivesItsRegistration ? ", built by a registration since reset" : ""
      return ContainerDump.Entry(
        key: key.description, detail: "\(held) [\(instance.scope)]\(stale)\(orphaned)")
    }
    guard let kept = slot.anyParameterSlots?.keptSlots, !kept.isEmpty else { return nil }
    // One line per chain, naming the stale arguments in order.
    var staleArguments: [[FactoryKey]: [String]] = [:]
    for (argument, slot) in kept {
      if let chain = slot.staleChain { staleArguments[chain, default: []].append(argument) }
    }
    let stale = staleArguments.map { chain, arguments in
      ", stale for \(arguments.sorted().joined(separator: ", ")): \(ContainerDump.staleness(chain))"
    }
    return ContainerDump.Entry(
      key: key.description,
      detail: "\(kept.count) kept, one per argument" + stale.sorted().joined())
  }
}

extension ContainerDump.Entry: Comparable {
  /// Orders entries by key, then detail.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.key, lhs.detail) < (rhs.key, rhs.detail)
  }
}

extension AutoRegistration {
  var name: String {
    switch self {
    case .pending: "pending"
    case .running: "running"
    case .done: "done"
    }
  }
}

/// A `Box<T>` that can name `T`.
protocol BoxedValue {
  var valueTypeName: String { get }
}

extension Box: BoxedValue {
  var valueTypeName: String { "\(type(of: value))" }
}

extension ContainerDump {
  /// What the dump says of a stale instance built from `chain`, whose last factory changed.
  static func staleness(_ chain: [FactoryKey]) -> String {
    guard let changed = chain.last else { return "" }
    let through = chain.dropLast().map(\.description)
    return "built before \(changed) changed"
      + (through.isEmpty ? "" : " (through \(through.joined(separator: " → ")))")
  }
}
