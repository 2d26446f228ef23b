extension Registry {
  /// The auto-registration a resolution must run or wait for first; nil once it is done.
  @inline(__always)
  mutating func pendingAutoRegistration() -> AutoRegistrationStep? {
    autoRegistration.isDone ? nil : autoRegistration.step(for: ResolutionState.current.id)
  }

  /// What applies to a resolution of `key` declared with `declared` (nil for no scope): the
  /// override in its slot, if any, the scope in force, and where the instance is kept.
  @inline(__always)
  func applying(
    to key: FactoryKey, declared: Scope?
  ) -> (override: AnyOverride?, scope: Scope, keeping: Keeping) {
    let slot = slots.slot(for: key)
    let scope = scope(of: slot, declared: declared)
    // A sandbox keeps its singletons to itself, as a container keeps an override's.
    return (slot?.override, scope, Keeping(scope, overridden: slot?.override != nil || isSandbox))
  }

  /// The scope a resolution uses: the override's, else the declaration's, else the container's
  /// default, else `.unique`.
  func scope(of slot: Slot?, declared: Scope?) -> Scope {
    slot?.overrideScope ?? declared ?? defaultScope ?? .unique
  }
}
