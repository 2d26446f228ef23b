/// Where one resolution of a key is kept, as the registry decides it under its lock: the part of
/// a lookup that sync and async resolutions share.
enum Placement {
  /// The container must run its auto-registration first, then look again.
  case autoRegister(AutoRegistrationStep)
  /// Built for the caller and not kept here: `.unique`, and `.graph`, which the resolution keeps.
  case unkept(override: AnyObject?, scope: Scope)
  /// Kept with the singletons: the process-wide ones, or an isolated test's.
  case singletons(scope: Scope)
  /// Kept in this container's slots.
  case container(override: AnyObject?, scope: Scope)
}

extension Registry {
  /// Where a resolution of `key`, declared with `declared` (nil for no scope), is kept; starts
  /// auto-registration when it is due.
  @inline(__always)
  mutating func placement(of key: FactoryKey, declared: Scope?) -> Placement {
    if !autoRegistration.isDone,
      let step = autoRegistration.step(for: ResolutionState.current.id)
    {
      return .autoRegister(step)
    }
    let slot = slots.slot(for: key)
    let override = slot?.override
    var scope = scope(of: slot, declared: declared)
    if isSandbox, scope.kind == .singleton { scope = .cached }
    switch scope.kind {
    case .unique, .graph:
      return .unkept(override: override, scope: scope)
    case .singleton where Lookup.keptProcessWide(scope, override: override):
      return .singletons(scope: scope)
    case .cached, .shared, .timeToLive, .custom, .singleton:
      // An override's singleton lives with the override, in this container, so a test's fake
      // never reaches other containers and goes away with `reset`, `pop` or the override.
      return .container(override: override, scope: scope)
    }
  }

  /// The scope a resolution uses: the override's, else the declaration's, else the container's
  /// default, else `.unique`.
  func scope(of slot: Slot?, declared: Scope?) -> Scope {
    slot?.overrideScope ?? declared ?? defaultScope ?? .unique
  }
}
