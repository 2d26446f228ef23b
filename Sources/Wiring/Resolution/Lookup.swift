import Foundation

/// What a container's lock said about one resolution.
@usableFromInline
enum Lookup {
  /// A kept instance in its `Box<T>`, and the override in force, whose decorator sees it.
  case hit(AnyObject, override: AnyObject?)
  /// A `.shared` instance, held weakly, as the object itself, and the override in force.
  case sharedHit(AnyObject, override: AnyObject?)
  /// Build now, keeping the result as `keeping` says; `construction` is set when the result is
  /// kept and others may wait for it.
  case build(
    override: AnyObject?, scope: Scope, keeping: Keeping, target: Slot?,
    construction: Construction?, generation: UInt64)
  /// Another build of the same instance is in flight; the override in force decorates it.
  case wait(Construction, override: AnyObject?)
  /// The container must run its auto-registration first, then look again.
  case autoRegister(AutoRegistrationStep)
}

extension ContainerManager {
  /// Finds what the container holds for `key`, in one critical section with no user code.
  ///
  /// - Parameter parameterSlot: picks the per-parameter slot of a `.scopeOnParameters` factory.
  @usableFromInline
  func lookup(
    _ key: FactoryKey, scope declared: Scope?, parameterSlot: (Slot) -> Slot
  ) -> Lookup {
    lookUp(
      key, declared: declared, parent: { ResolutionState.current.frames.last?.key },
      autoRegister: Lookup.autoRegister
    ) { applied in
      .build(
        override: applied.override, scope: applied.scope, keeping: applied.keeping, target: nil,
        construction: nil, generation: 0)
    } kept: { slot, applied in
      Self.cachedLookup(in: slot, key, applied, parameterSlot)
    }
  }

  /// The kept instance in `slot`, the build to wait for, or a new build this thread owns.
  private static func cachedLookup(
    in slot: Slot, _ key: FactoryKey, _ applied: Applied, _ parameterSlot: (Slot) -> Slot
  ) -> Lookup {
    let target = parameterSlot(slot)
    let override = applied.override
    if let instance = target.instance {
      switch instance.scope {
      case .shared:
        if let object = (instance.box as? WeakBox)?.object {
          return .sharedHit(object, override: override)
        }
      case .timeToLive:
        if instance.isAlive(renewing: Clock.now) { return .hit(instance.box, override: override) }
      default:
        return .hit(instance.box, override: override)
      }
      target.instance = nil
    }
    if let construction = target.construction {
      // A build that failed is over: the next caller builds afresh instead of inheriting it.
      guard case .failed = construction.latch.peek() else {
        return .wait(construction, override: override)
      }
      target.construction = nil
    }
    let construction = Construction(key: key, owner: ResolutionState.current.id)
    target.construction = construction
    return .build(
      override: applied.override, scope: applied.scope, keeping: applied.keeping, target: target,
      construction: construction, generation: target.generation)
  }

  /// Keeps a built instance, unless a register or reset happened while it was being built.
  ///
  /// - Parameters:
  ///   - box: the instance in its `Box<T>`; `.shared` keeps `object` weakly instead, and keeps
  ///     nothing when the value is not a class instance.
  ///   - parameter: the address and type of the parameter `slot` keeps the instance for, when
  ///     it is a `.scopeOnParameters` factory's per-parameter slot.
  @usableFromInline
  func keep(
    _ box: AnyObject, object: @autoclosure () -> AnyObject?, in slot: Slot, scope: Scope,
    processWide: Bool, construction: Construction, generation: UInt64,
    parameter: UnsafeRawPointer?, parameterType: Any.Type?
  ) {
    store(
      box, object: object(), for: construction.key, in: slot, scope: scope,
      processWide: processWide, generation: generation,
      parameter: parameter.flatMap { address in parameterType.map { (address, $0) } }
    ) { slot in
      if slot.construction === construction { slot.construction = nil }
    }
  }

  /// Stores a built instance in `slot`, the slot of `key`, and publishes it: the part of keeping
  /// that sync and async builds share. `finish` clears the slot's record of the build; the
  /// instance is kept only if no register or reset changed the slot's `generation` meanwhile.
  /// A per-parameter slot names its `parameter`, under which the instance is published.
  func store(
    _ box: AnyObject, object: @autoclosure () -> AnyObject?, for key: FactoryKey, in slot: Slot,
    scope: Scope, processWide: Bool, generation: UInt64,
    parameter: (address: UnsafeRawPointer, type: Any.Type)? = nil, finish: (Slot) -> Void
  ) {
    let kept: CachedInstance?
    switch scope.kind {
    case .shared:
      kept = object().map {
        CachedInstance(box: WeakBox($0), scope: scope.kind, expiry: .infinity)
      }
    case .timeToLive(let seconds, _):
      kept = CachedInstance(box: box, scope: scope.kind, expiry: Clock.now + seconds)
    default:
      kept = CachedInstance(box: box, scope: scope.kind, expiry: .infinity)
    }
    var retired = PublishedIndex.Retired()
    func update(_ slots: SlotTable, publishingIn index: PublishedIndex) {
      finish(slot)
      guard slot.generation == generation else { return }
      slot.instance = kept
      slot.staleSince = nil
      slot.outlivesItsRegistration = false
      // A slot that a reset or pop has replaced meanwhile is not what a resolution of the key
      // would find: only the key's own slot and its per-parameter slots are published.
      guard let keySlot = slots.slot(for: key) else { return }
      if keySlot === slot {
        index.publish(Publication.retainedWord(for: slot), for: key, retiring: &retired)
      } else if let parameter, let published = slot.publishableBox,
        let parameterSlots = keySlot.anyParameterSlots,
        parameterSlots.publish(
          published, keptIn: slot, parameter: parameter.address, type: parameter.type)
      {
        index.publish(Publication.retainedWord(for: keySlot), for: key, retiring: &retired)
      }
    }
    if processWide {
      Self.withSingletons { slots, index in update(slots, publishingIn: index) }
    } else {
      registry.withLock { update($0.slots, publishingIn: index) }
    }
    retired.release()
  }

  /// Runs the container's auto-registration (or waits for the thread running it).
  @usableFromInline
  func runAutoRegistration(_ step: AutoRegistrationStep, for container: any ManagedContainer) {
    switch step {
    case .wait(let latch):
      latch.wait()
    case .run(let latch):
      (container as? any AutoRegistering)?.autoRegister()
      registry.withLock { registry in
        if case .running(_, let running) = registry.autoRegistration, running === latch {
          registry.autoRegistration = .done
          publishReadiness(registry)
        }
      }
      latch.open(with: ())
    }
  }

  /// Makes sure auto-registration ran before a registration, so it cannot undo an override.
  @usableFromInline
  func ensureAutoRegistered(_ container: any ManagedContainer) {
    // Published as 1 once auto-registration is done, under the lock that ends it.
    if index.isReady { return }
    let me = ResolutionState.current.id
    while let step = registry.withLock({ $0.autoRegistration.step(for: me) }) {
      runAutoRegistration(step, for: container)
    }
  }
}

/// Monotonic seconds for `.timeToLive`.
enum Clock {
  static var now: Double { ProcessInfo.processInfo.systemUptime }
}
