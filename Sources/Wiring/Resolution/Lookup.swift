import Foundation

/// What a container's lock said about one resolution.
@usableFromInline
enum Lookup {
  /// A kept instance in its `Box<T>`.
  case hit(AnyObject)
  /// A `.shared` instance, held weakly, as the object itself.
  case sharedHit(AnyObject)
  /// Build now; `construction` is set when the result is kept and others may wait for it.
  case build(override: AnyObject?, scope: Scope, target: Slot?, construction: Construction?,
    generation: UInt64)
  /// Another build of the same instance is in flight.
  case wait(Construction)
  /// The container must run its auto-registration first (or wait for it), then look again.
  case autoRegister(Latch<Void>?)
}

extension ContainerManager {
  /// Finds what the container holds for `key`, in one critical section with no user code.
  ///
  /// - Parameter parameterSlot: picks the per-parameter slot of a `.scopeOnParameters` factory.
  @usableFromInline
  func lookup(
    _ key: FactoryKey, scope declared: Scope, parameterSlot: ((Slot) -> Slot)?
  ) -> Lookup {
    registry.withLock { registry in
      switch registry.autoRegistration {
      case .done: break
      case .pending:
        let latch = Latch<Void>()
        registry.autoRegistration = .running(owner: ResolutionState.current.id, latch: latch)
        return .autoRegister(nil)
      case .running(let owner, let latch):
        if owner != ResolutionState.current.id { return .autoRegister(latch) }
      }
      let slot = registry.slots.slot(for: key)
      let override = slot?.override
      let scope = (override as? any OverrideScoping)?.overrideScope ?? declared
      switch scope.kind {
      case .unique, .graph:
        return .build(override: override, scope: scope, target: nil, construction: nil,
          generation: 0)
      case .singleton:
        let lookup = SingletonStorage.slots.withLock { slots in
          Self.cachedLookup(in: slots.slotCreating(key), key, scope, parameterSlot)
        }
        if case .build(_, _, let target, let construction, let generation) = lookup {
          return .build(override: override, scope: scope, target: target,
            construction: construction, generation: generation)
        }
        return lookup
      case .cached, .shared, .timeToLive, .custom:
        let lookup = Self.cachedLookup(
          in: registry.slots.slotCreating(key), key, scope, parameterSlot)
        if case .build(_, _, let target, let construction, let generation) = lookup {
          return .build(override: override, scope: scope, target: target,
            construction: construction, generation: generation)
        }
        return lookup
      }
    }
  }

  /// The kept instance in `slot`, the build to wait for, or a new build this thread owns.
  private static func cachedLookup(
    in slot: Slot, _ key: FactoryKey, _ scope: Scope, _ parameterSlot: ((Slot) -> Slot)?
  ) -> Lookup {
    let target = parameterSlot?(slot) ?? slot
    if let instance = target.instance {
      switch instance.scope {
      case .shared:
        if let object = (instance.box as? WeakBox)?.object { return .sharedHit(object) }
      case .timeToLive:
        if instance.expiry > Clock.now { return .hit(instance.box) }
      default:
        return .hit(instance.box)
      }
      target.instance = nil
    }
    if let construction = target.construction { return .wait(construction) }
    let construction = Construction(key: key, owner: ResolutionState.current.id)
    target.construction = construction
    return .build(override: nil, scope: scope, target: target, construction: construction,
      generation: target.generation)
  }

  /// Keeps a built instance, unless a register or reset happened while it was being built.
  ///
  /// - Parameter box: the instance in its `Box<T>`; `.shared` keeps `object` weakly instead.
  @usableFromInline
  func keep(
    _ box: AnyObject, object: @autoclosure () -> AnyObject, in slot: Slot, scope: Scope,
    construction: Construction, generation: UInt64
  ) {
    let kept: CachedInstance
    switch scope.kind {
    case .shared:
      kept = CachedInstance(box: WeakBox(object()), scope: scope.kind, expiry: .infinity)
    case .timeToLive(let seconds):
      kept = CachedInstance(box: box, scope: scope.kind, expiry: Clock.now + seconds)
    default:
      kept = CachedInstance(box: box, scope: scope.kind, expiry: .infinity)
    }
    func store(_: inout some Any) {
      if slot.construction === construction { slot.construction = nil }
      if slot.generation == generation { slot.instance = kept }
    }
    if scope.kind == .singleton {
      SingletonStorage.slots.withLock { store(&$0) }
    } else {
      registry.withLock { store(&$0) }
    }
  }

  /// Runs the container's auto-registration once, then lets waiting resolutions go on.
  @usableFromInline
  func runAutoRegistration(for container: any ManagedContainer, waitingOn latch: Latch<Void>?) {
    if let latch {
      latch.wait()
      return
    }
    (container as? any AutoRegistering)?.autoRegister()
    registry.withLock { registry in
      if case .running(_, let latch) = registry.autoRegistration {
        registry.autoRegistration = .done
        latch.open(with: ())
      }
    }
  }

  /// Makes sure auto-registration ran before a registration, so it cannot undo an override.
  @usableFromInline
  func ensureAutoRegistered(_ container: any ManagedContainer) {
    while true {
      let step: Lookup? = registry.withLock { registry in
        switch registry.autoRegistration {
        case .done: return nil
        case .pending:
          registry.autoRegistration = .running(
            owner: ResolutionState.current.id, latch: Latch<Void>())
          return .autoRegister(nil)
        case .running(let owner, let latch):
          return owner == ResolutionState.current.id ? nil : .autoRegister(latch)
        }
      }
      guard case .autoRegister(let latch) = step else { return }
      runAutoRegistration(for: container, waitingOn: latch)
    }
  }
}

/// Reads an override's scope without knowing its generic types.
protocol OverrideScoping: AnyObject {
  var overrideScope: Scope? { get }
}

extension Override: OverrideScoping {
  var overrideScope: Scope? { scope }
}

/// Monotonic seconds for `.timeToLive`.
enum Clock {
  static var now: Double { ProcessInfo.processInfo.systemUptime }
}
