/// What a container's lock said about one async resolution.
enum AsyncLookup {
  /// A kept instance in its `Box<T>`, and the override in force, whose decorator sees it.
  case hit(AsyncBox, override: AnyObject?)
  /// A `.shared` instance, held weakly, as the object itself, and the override in force.
  case sharedHit(AsyncBox, override: AnyObject?)
  /// Build now, keeping the result as `keeping` says; `construction` is set when the result is
  /// kept and others may await it.
  case build(
    override: AnyObject?, scope: Scope, keeping: Keeping, target: Slot?,
    construction: AsyncConstruction?)
  /// Another task is building the same instance; the override in force decorates it.
  case wait(AsyncConstruction, override: AnyObject?)
  /// The container must run its auto-registration first, then look again.
  case autoRegister(AutoRegistrationStep)
}

extension ContainerManager {
  /// Finds what the container holds for an async factory's `key`, in one critical section with
  /// no user code.
  func asyncLookup(_ key: FactoryKey, scope declared: Scope?) -> AsyncLookup {
    lookUp(
      key, declared: declared, parent: { AsyncResolution.current?.key },
      autoRegister: AsyncLookup.autoRegister
    ) { applied in
      .build(
        override: applied.override, scope: applied.scope, keeping: applied.keeping, target: nil,
        construction: nil)
    } kept: { slot, applied in
      Self.asyncCachedLookup(in: slot, key, applied)
    }
  }

  /// The kept instance in `slot`, the build to await, or a new build this caller starts.
  private static func asyncCachedLookup(
    in slot: Slot, _ key: FactoryKey, _ applied: Applied
  ) -> AsyncLookup {
    let override = applied.override
    if let instance = slot.instance {
      switch instance.scope {
      case .shared:
        if let object = (instance.box as? WeakBox)?.object {
          return .sharedHit(AsyncBox(box: object), override: override)
        }
      case .timeToLive:
        if instance.isAlive(renewing: Clock.now) {
          return .hit(AsyncBox(box: instance.box), override: override)
        }
      default:
        return .hit(AsyncBox(box: instance.box), override: override)
      }
      slot.instance = nil
    }
    if let construction = slot.asyncConstruction as? AsyncConstruction,
      construction.generation == slot.generation, construction.isJoinable
    {
      return .wait(construction, override: override)
    }
    let construction = AsyncConstruction(key: key, generation: slot.generation)
    slot.asyncConstruction = construction
    return .build(
      override: applied.override, scope: applied.scope, keeping: applied.keeping, target: slot,
      construction: construction)
  }

  /// Keeps an async instance, unless a register or reset happened while it was being built.
  func keepAsync(
    _ box: AnyObject, object: AnyObject?, in slot: Slot, scope: Scope, processWide: Bool,
    construction: AsyncConstruction
  ) {
    store(
      box, object: object, for: construction.key, in: slot, scope: scope,
      processWide: processWide, generation: construction.generation
    ) { slot in
      if slot.asyncConstruction === construction { slot.asyncConstruction = nil }
    }
  }
}
