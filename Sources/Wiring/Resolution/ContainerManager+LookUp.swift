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
  @inline(__always)
  func lookUp<Answer>(
    _ key: FactoryKey, declared: Scope?, autoRegister: (AutoRegistrationStep) -> Answer,
    unkept: (Applied) -> Answer, kept: (Slot, Applied) -> Answer
  ) -> Answer {
    registry.withLock { registry in
      if let step = registry.pendingAutoRegistration() { return autoRegister(step) }
      let applied = registry.applying(to: key, declared: declared)
      switch applied.keeping {
      case .nowhere, .inResolution:
        return unkept(applied)
      case .processWide:
        return Self.withSingletons { slots, _ in kept(slots.slotCreating(key), applied) }
      case .inContainer, .inContainerChecked:
        return kept(registry.slots.slotCreating(key), applied)
      }
    }
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
