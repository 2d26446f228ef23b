/// Which factories resolved which while they were built: the record that finds kept instances
/// built from a registration that has since changed.
struct Dependents: Sendable {
  /// For each factory, the factories whose builders resolved it.
  private var parents: [FactoryKey: Set<FactoryKey>] = [:]

  /// Records that `parent`'s builder resolved `key`.
  mutating func record(_ parent: FactoryKey, resolved key: FactoryKey) {
    parents[key, default: []].insert(parent)
  }

  /// Every factory built from `key`, directly or through others, each once, with the factories
  /// it was built from down to `key`: for `A` whose builder resolved `B`, which resolved `key`,
  /// `A: [B, key]`.
  func dependents(of key: FactoryKey) -> [FactoryKey: [FactoryKey]] {
    var found: [FactoryKey: [FactoryKey]] = [:]
    var next = [key]
    while let current = next.popLast() {
      let chain = current == key ? [key] : [current] + (found[current] ?? [])
      for parent in parents[current, default: []] where parent != key && found[parent] == nil {
        found[parent] = chain
        next.append(parent)
      }
    }
    return found
  }
}

extension ContainerManager {
  /// Whether this container records which kept instances were built from which factories.
  ///
  /// While it does, a kept instance built before one of the factories it resolved was
  /// registered again or reset is stale: resolving it is reported in strict tests, the dump
  /// marks it, and ``FactoryResetOptions/dependents`` drops it so that it is built again.
  /// Every resolution of a tracking container takes its lock.
  ///
  /// ```swift
  /// Container.shared.manager.tracksDependents = true
  /// Container.shared.api.register { FakeAPI() }
  /// Container.shared.api.reset(.dependents)   // the cached services built on the old API go
  /// ```
  public var tracksDependents: Bool {
    get { registry.withLock { $0.dependents != nil } }
    set {
      registry.withLock { registry in
        guard (registry.dependents != nil) != newValue else { return }
        registry.dependents = newValue ? Dependents() : nil
        publishReadiness(registry)
      }
    }
  }

  /// Marks the kept instances built from `key` stale, after its registration changed.
  func markDependentsStale(of key: FactoryKey, in registry: inout Registry) {
    guard let dependents = registry.dependents?.dependents(of: key) else { return }
    for (dependent, chain) in dependents {
      guard let slot = registry.slots.slot(for: dependent) else { continue }
      // A `.scopeOnParameters` factory keeps its instances in a slot per argument.
      let kept = slot.anyParameterSlots?.keptSlots.map(\.slot) ?? [slot]
      // The latest change is the one to report: each changed factory is a cause of its own.
      for slot in kept where slot.instance != nil { slot.staleChain = chain }
    }
  }

  /// Drops the kept instances built from `key`, so that they are built again.
  func dropDependents(
    of key: FactoryKey, in registry: inout Registry,
    retiring retired: inout PublishedIndex.Retired
  ) {
    guard let dependents = registry.dependents?.dependents(of: key) else { return }
    for dependent in dependents.keys {
      guard let slot = registry.slots.slot(for: dependent) else { continue }
      slot.dropInstances()
      slot.republish(retiring: &retired)
    }
  }
}
