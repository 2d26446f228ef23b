/// What a container's lock said about one async resolution.
enum AsyncLookup {
  /// A kept instance in its `Box<T>`.
  case hit(AsyncBox)
  /// A `.shared` instance, held weakly, as the object itself.
  case sharedHit(AsyncBox)
  /// Build now, keeping the result as `keeping` says; `construction` is set when the result is
  /// kept and others may await it.
  case build(
    override: AnyObject?, scope: Scope, keeping: Keeping, target: Slot?,
    construction: AsyncConstruction?)
  /// Another task is building the same instance.
  case wait(AsyncConstruction)
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
    if let instance = slot.instance {
      switch instance.scope {
      case .shared:
        if let object = (instance.box as? WeakBox)?.object {
          return .sharedHit(AsyncBox(box: object))
        }
      case .timeToLive:
        if instance.expiry > Clock.now { return .hit(AsyncBox(box: instance.box)) }
      default:
        return .hit(AsyncBox(box: instance.box))
      }
      slot.instance = nil
    }
    if let construction = slot.asyncConstruction as? AsyncConstruction,
      construction.generation == slot.generation, construction.isJoinable
    {
      return .wait(construction)
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
