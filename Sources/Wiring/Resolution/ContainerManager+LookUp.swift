/// What applies to one resolution of a key, as the registry's lock sees it: the override in its
/// slot, if any, the scope in force, and so where the instance is kept.
struct Applied {
  let override: AnyOverride?
  let scope: Scope
  let keeping: Keeping
}

extension ContainerManager {
  /// The part of a lookup that sync and async resolutions share, in one critical section with
  /// no user code: auto-registration first; then a build that nothing keeps (`unkept`), or the
  /// slot that keeps the instance, the singletons' or this container's (`kept`).
  ///
  /// While the container tracks dependents, it records that the factory being built, `parent`,
  /// resolved `key`, and reports a kept instance of `key` that went stale or outlived the
  /// registration that built it.
  @inline(__always)
  func lookUp<Answer>(
    _ key: FactoryKey, declared: Scope?, parent: () -> FactoryKey?,
    autoRegister: (AutoRegistrationStep) -> Answer, unkept: (Applied) -> Answer,
    kept: (Slot, Applied) -> Answer
  ) -> Answer {
    var stale: FactoryKey?
    var outlivesItsRegistration = false
    let answer = registry.withLock { registry in
      if let step = registry.pendingAutoRegistration() { return autoRegister(step) }
      if registry.dependents != nil, let parent = parent() {
        registry.dependents?.record(parent, resolved: key)
      }
      let applied = registry.applying(to: key, declared: declared)
      switch applied.keeping {
      case .nowhere, .inResolution:
        return unkept(applied)
      case .processWide:
        return Self.withSingletons { slots, _ in kept(slots.slotCreating(key), applied) }
      case .inContainer, .inContainerChecked:
        let slot = registry.slots.slotCreating(key)
        let answer = kept(slot, applied)
        if slot.instance != nil {
          stale = slot.staleSince
          outlivesItsRegistration = slot.outlivesItsRegistration
        }
        return answer
      }
    }
    if let stale { StrictMonitor.observeStale(key, builtBefore: stale) }
    if outlivesItsRegistration { StrictMonitor.observeInstanceOfRemovedRegistration(key) }
    return answer
  }
}

extension Registry {
  /// The auto-registration a resolution must run or wait for first; nil once it is done.
  @inline(__always)
  mutating func pendingAutoRegistration() -> AutoRegistrationStep? {
    autoRegistration.isDone ? nil : autoRegistration.step(for: ResolutionState.current.id)
  }

  /// What applies to a resolution of `key` declared with `declared` (nil for no scope).
  @inline(__always)
  func applying(to key: FactoryKey, declared: Scope?) -> Applied {
    let slot = slots.slot(for: key)
    let scope = scope(of: slot, declared: declared)
    // A sandbox keeps its singletons to itself, as a container keeps an override's.
    return Applied(
      override: slot?.override, scope: scope,
      keeping: Keeping(scope, overridden: slot?.override != nil || isSandbox))
  }

  /// The scope a resolution uses: the override's, else the declaration's, else the container's
  /// default, else `.unique`.
  func scope(of slot: Slot?, declared: Scope?) -> Scope {
    slot?.overrideScope ?? declared ?? defaultScope ?? .unique
  }
}
