import Foundation

/// What a container's lock said about one resolution.
@usableFromInline
enum Lookup {
  /// A kept instance as `keptObject` keeps it, and the override in force, whose decorator sees it.
  case hit(AnyObject, amendment: AnyAmendment?)
  /// A `.shared` instance, held weakly, as the object itself, and the override in force.
  case sharedHit(AnyObject, amendment: AnyAmendment?)
  /// Build now, keeping the result as `keeping` says; `construction` is set when the result is
  /// kept and others may wait for it.
  case build(
    amendment: AnyAmendment?, scope: Scope, keeping: Keeping, target: Slot?,
    construction: Construction?, generation: UInt32)
  /// Another build of the same instance is in flight; the override in force decorates it.
  case wait(Construction, amendment: AnyAmendment?)
  /// The container must run its auto-registration first, then look again.
  case autoRegister(AutoRegistrationStep)
}

extension ContainerManager {
  /// Finds what the container holds for `key`, in one critical section with no user code.
  ///
  /// - Parameter parameterSlot: picks the per-parameter slot of a `.scopeOnParameters` factory.
  @usableFromInline
  func lookupWithLock(
    _ key: FactoryKey, scope declared: Scope?, parameterSlot: (Slot) -> Slot
  ) -> Lookup {
    decideUnderLock(
      key, declared: declared, parent: { ResolutionState.current.frames.last?.key },
      autoRegister: Lookup.autoRegister
    ) { rules in
      .build(
        amendment: rules.amendment, scope: rules.scope, keeping: rules.keeping, target: nil,
        construction: nil, generation: 0)
    } hit: { object, isShared, amendment in
      isShared ? .sharedHit(object, amendment: amendment) : .hit(object, amendment: amendment)
    } kept: { keeper, rules in
      Self.cachedLookup(in: keeper, key, rules)
    } keeper: { slot in
      parameterSlot(slot)
    }
  }

  /// The build to wait for in `target`, which keeps no live instance, or a new build this
  /// thread owns.
  private static func cachedLookup(
    in target: Slot, _ key: FactoryKey, _ rules: ResolutionRules
  ) -> Lookup {
    let amendment = rules.amendment
    if let construction = target.construction {
      // A build that failed is over: the next caller builds afresh instead of inheriting it.
      guard case .failed = construction.latch.peek() else {
        return .wait(construction, amendment: amendment)
      }
      target.construction = nil
    }
    let construction = Construction(key: key, owner: ResolutionState.current.id)
    target.construction = construction
    return .build(
      amendment: rules.amendment, scope: rules.scope, keeping: rules.keeping, target: target,
      construction: construction, generation: target.generation)
  }

  /// Keeps a built instance, unless the slot changed while it was being built (see `store`).
  ///
  /// - Parameters:
  ///   - box: the instance as `keptObject` keeps it; `.shared` keeps `object` weakly instead,
  ///     and keeps nothing when the value is not a class instance.
  ///   - parameter: the address and type of the parameter `slot` keeps the instance for, when
  ///     it is a `.scopeOnParameters` factory's per-parameter slot.
  func keep(
    _ box: AnyObject, object: @autoclosure () -> AnyObject?, in slot: Slot, scope: Scope,
    processWide: Bool, construction: Construction, generation: UInt32,
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
  /// instance is kept only if nothing bumped the slot's `generation` meanwhile (see
  /// `Slot.generation`). A per-parameter slot names its `parameter`, under which it is published.
  func store(
    _ box: AnyObject, object: @autoclosure () -> AnyObject?, for key: FactoryKey, in slot: Slot,
    scope: Scope, processWide: Bool, generation: UInt32,
    parameter: (address: UnsafeRawPointer, type: Any.Type)? = nil, finish: (Slot) -> Void
  ) {
    let kept: CachedInstance?
    if scope.kind == .shared {
      kept = object().map { CachedInstance(box: WeakBox($0), scope: scope) }
    } else {
      kept = CachedInstance(box: box, scope: scope)
    }
    var retired = PublishedIndex.Retired()
    func update(_ slots: SlotTable) {
      finish(slot)
      guard slot.generation == generation else { return }
      slot.instance = kept
      slot.staleChain = nil
      slot.outlivesItsRegistration = false
      guard let keySlot = slots.slot(for: key) else { return }
      if keySlot === slot {
        keySlot.republish(retiring: &retired)
      } else if let parameter, let published = slot.publishableBox,
        // A per-parameter slot that a reset or pop replaced meanwhile is not published.
        keySlot.anyParameterSlots?.publish(
          published, keptIn: slot, parameter: parameter.address, type: parameter.type) == true
      {
        keySlot.republish(retiring: &retired)
      }
    }
    if processWide {
      Self.withSingletons { slots, _ in update(slots) }
    } else {
      registry.withLock { update($0.slots) }
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
      // The type is asked, not the instance: casting an instance to a protocol also looks up,
      // once per process on Linux, Foundation's box of Swift values (about 0.4 million
      // instructions), which a container never is.
      if let type = type(of: container) as? any AutoRegistering.Type {
        autoRegister(container, as: type)
      }
      registry.withLock { registry in
        if case .running(_, let running) = registry.autoRegistration, running === latch {
          registry.autoRegistration = .done
          publishReadiness(registry)
        }
      }
      latch.open(with: ())
    }
  }

  /// Runs `container`'s `autoRegister()`, its type being `Auto`.
  private func autoRegister<Auto: AutoRegistering>(
    _ container: any ManagedContainer, as _: Auto.Type
  ) {
    (container as! Auto).autoRegister()
  }

  /// Makes sure auto-registration ran before a registration, so it cannot undo an override.
  func ensureAutoRegistered(_ container: any ManagedContainer) {
    // Ready only once auto-registration is done (`publishReadiness`).
    if index.isReady { return }
    let me = ResolutionState.current.id
    while let step = registry.withLock({ $0.autoRegistration.step(for: me) }) {
      runAutoRegistration(step, for: container)
    }
  }
}

/// Monotonic seconds for a time to live.
enum Clock {
  static var now: Double { ProcessInfo.processInfo.systemUptime }
}

/// Where a resolution's instance is kept: one rule for the lock-free, locked and async paths.
///
/// The scope that applies is the override's own scope, else the declared one, else the
/// container's default, else `.unique`; a registered override's `.singleton` is kept in the
/// container that holds the override, so a test's fake never reaches other containers.
@usableFromInline
enum Keeping: Sendable {
  /// Built for each caller and kept nowhere: `.unique`.
  case nowhere
  /// Kept by the resolving thread until its top-level resolution ends: `.graph`.
  case inResolution
  /// Kept in the container and returned as it is: `.cached`, custom scopes, and the `.singleton`
  /// of a registered builder.
  case inContainer
  /// Kept in the container and checked on every read, which only the locked path does:
  /// `.shared`, held weakly, and a scope with a time to live, which expires.
  case inContainerChecked
  /// Kept process-wide with the singletons: a declaration's `.singleton`.
  case processWide
  /// Kept process-wide and checked on every read, under the lock: a declaration's `.singleton`
  /// with a time to live.
  case processWideChecked

  /// Where an instance of `scope` is kept; `overridden` when the key's override was registered
  /// (`AnyAmendment.isRegistered`).
  @inlinable
  @inline(__always)
  init(_ scope: Scope, overridden: Bool) {
    switch scope.kind {
    case .unique: self = .nowhere
    case .graph: self = .inResolution
    case .cached, .custom:
      self = scope.lifetimeCode == .infinity ? .inContainer : .inContainerChecked
    case .shared: self = .inContainerChecked
    case .singleton:
      let checked = scope.lifetimeCode != .infinity
      self =
        overridden
        ? checked ? .inContainerChecked : .inContainer
        : checked ? .processWideChecked : .processWide
    }
  }

  /// Where a declaration's instance is kept once a registered override without a scope of its
  /// own applies.
  @inline(__always)
  var overridden: Keeping {
    switch self {
    case .processWide: .inContainer
    case .processWideChecked: .inContainerChecked
    default: self
    }
  }
}

/// What a resolution may do without the container's lock, from what the container published.
///
/// The answers that leave an address to read carry the read section that keeps it alive: the
/// caller copies what it needs from the address, then ends the section.
@usableFromInline
enum LockFreeLookup: ~Copyable {
  /// A kept instance, as `keptObject` keeps it.
  case hit(UnsafeRawPointer, ReadSection)
  /// Build with the declaration: no override applies and nothing is kept.
  case buildDeclaration
  /// Build with the `.graph` declaration, or take the instance the current top-level
  /// resolution already built: no override applies, and the thread keeps the instance.
  case buildGraph
  /// Build with the `AnyAmendment` at this address, whose builder's type is given.
  case buildAmendment(UnsafeRawPointer, builderType: UInt, ReadSection)
  /// Look the parameter up in the `ParameterTable` at this address, the kept instances of a
  /// `.scopeOnParameters` factory.
  case parameters(UnsafeRawPointer, ReadSection)
  /// Only the locked path can tell: a first build, a wait, auto-registration, contexts, …
  case locked

  /// `.hit` when a box is kept, `.locked` otherwise.
  private static func kept(_ box: UnsafeRawPointer?, _ section: consuming ReadSection) -> Self {
    guard let box else {
      section.end()
      return .locked
    }
    return .hit(box, section)
  }

  /// `.parameters` when a table is kept, `.locked` otherwise.
  private static func keptPerParameter(
    _ table: UnsafeRawPointer?, _ section: consuming ReadSection
  ) -> Self {
    guard let table else {
      section.end()
      return .locked
    }
    return .parameters(table, section)
  }

  /// What `snapshot` keeps: its box, or with `perParameter` its table of boxes.
  @inline(__always)
  static func kept(
    _ snapshot: SlotSnapshot.Reading, perParameter: Bool, _ section: consuming ReadSection
  ) -> Self {
    perParameter
      ? .keptPerParameter(snapshot.parametersAddress, section)
      : .kept(snapshot.boxAddress, section)
  }

  /// `.buildAmendment` with the amendment `snapshot` holds.
  static func buildAmendment(
    _ snapshot: SlotSnapshot.Reading, _ section: consuming ReadSection
  ) -> Self {
    guard let address = snapshot.amendmentAddress else { return .locked(ending: section) }
    // So that a reader of another builder type takes the locked path.
    let builderType = Unmanaged<AnyAmendment>.fromOpaque(address)._withUnsafeGuaranteedRef {
      $0.builderType
    }
    return .buildAmendment(address, builderType: builderType, section)
  }

  /// `.locked`, once `section` has ended.
  static func locked(ending section: consuming ReadSection) -> Self {
    section.end()
    return .locked
  }
}

extension ContainerManager {
  /// Decides a resolution of `key` from the published snapshot, with no lock.
  ///
  /// The answer is what the locked path would decide at some moment during this call: the
  /// snapshot is replaced under the lock whenever the slot it describes changes.
  @usableFromInline
  func lookupWithoutLock(
    _ key: FactoryKey, declared: Keeping, reads: AtomicWordBuffer
  ) -> LockFreeLookup {
    lookupWithoutLock(key, declared: declared, perParameter: false, reads)
  }

  /// Decides a resolution of `key`, a `.scopeOnParameters` factory, from the published
  /// snapshot, with no lock: as `lookupWithoutLock`, with the kept instances in a table by
  /// parameter, and a `.graph` instance, which is kept by parameter too, left to the lock.
  @usableFromInline
  func lookupParametersWithoutLock(
    _ key: FactoryKey, declared: Keeping, reads: AtomicWordBuffer
  ) -> LockFreeLookup {
    lookupWithoutLock(key, declared: declared, perParameter: true, reads)
  }

  /// The lock-free decision: whether `key` has a published override decides where the instance
  /// is kept (`Keeping`), and so whether the answer is the kept instance, a build or the lock.
  @inline(__always)
  private func lookupWithoutLock(
    _ key: FactoryKey, declared: Keeping, perParameter: Bool, _ reads: AtomicWordBuffer
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let slot = index.slot(for: key) else {
      return Self.unpublished(key, declared, perParameter, reads)
    }
    let section = ReadSection(reads)
    let word = Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.loadPublication() }
    guard word != 0 else {
      section.end()
      return Self.unpublished(key, declared, perParameter, reads)
    }
    let snapshot = SlotSnapshot.Reading(word)
    guard let amendment = snapshot.amendment else {
      // Nothing overrides the declaration; only a declaration kept in the container has
      // published what it keeps.
      guard declared == .inContainer else {
        section.end()
        return Self.unpublished(key, declared, perParameter, reads)
      }
      return .kept(snapshot, perParameter: perParameter, section)
    }
    // An override's contexts pick its builder at every resolution, and so do the declaration's
    // unless the override drops them: the lock decides.
    guard !amendment.picksByContext else { return .locked(ending: section) }
    switch amendment.keeping ?? (amendment.isRegistered ? declared.overridden : declared) {
    case .nowhere:
      return .buildAmendment(snapshot, section)
    case .inContainer:
      // The override's decorator sees kept instances too, and only the lock names the override.
      guard !amendment.hasDecorator else { return .locked(ending: section) }
      return .kept(snapshot, perParameter: perParameter, section)
    case .processWide:
      // A `.singleton` whose builder nothing replaced, amended by a statement's scope.
      guard !amendment.hasDecorator else { return .locked(ending: section) }
      section.end()
      return Self.singletonWithoutLock(key, reads, perParameter: perParameter)
    case .inResolution, .inContainerChecked, .processWideChecked:
      // An override's `.graph`, `.shared` and time to live only the locked path handles.
      return .locked(ending: section)
    }
  }

  /// The answer when nothing published applies: the declaration decides alone.
  @inline(__always)
  private static func unpublished(
    _ key: FactoryKey, _ declared: Keeping, _ perParameter: Bool, _ reads: AtomicWordBuffer
  ) -> LockFreeLookup {
    switch declared {
    case .nowhere:
      return .buildDeclaration
    case .inResolution:
      // A `.scopeOnParameters` graph instance is kept per parameter, which the lock finds.
      return perParameter ? .locked : .buildGraph
    case .processWide:
      return singletonWithoutLock(key, reads, perParameter: perParameter)
    case .inContainer, .inContainerChecked, .processWideChecked:
      // Not built yet, or checked on every read.
      return .locked
    }
  }

  /// What the process-wide singletons' word for `key` holds: a kept instance or, `perParameter`,
  /// the table of them by parameter; `.locked` when nothing is published.
  private static func singletonWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWordBuffer, perParameter: Bool
  ) -> LockFreeLookup {
    guard let slot = Singletons.withIndex({ $0.slot(for: key) }) else { return .locked }
    let section = ReadSection(reads)
    let word = Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.loadPublication() }
    guard word != 0 else { return .locked(ending: section) }
    return .kept(SlotSnapshot.Reading(word), perParameter: perParameter, section)
  }
}

/// What applies to one resolution of a key, as the registry's lock sees it: the override in its
/// slot, if any, the scope in force, and so where the instance is kept.
struct ResolutionRules {
  let amendment: AnyAmendment?
  let scope: Scope
  let keeping: Keeping
}

extension ContainerManager {
  /// The part of a lookup that sync and async resolutions share, in one critical section with
  /// no user code: auto-registration first; then a build that nothing keeps (`unkept`), the
  /// live instance that a slot keeps (`hit`), or the slot that keeps none yet, the singletons'
  /// or this container's (`kept`).
  ///
  /// While the container tracks dependents, it records that the factory being built, `parent`,
  /// resolved `key`, and reports a kept instance of `key` that went stale; one that outlived the
  /// registration that built it is reported in any case. `keeper` picks, from the key's slot, the
  /// slot that keeps the instance: the argument's, for a `.scopeOnParameters` factory.
  @inline(__always)
  func decideUnderLock<Answer>(
    _ key: FactoryKey, declared: Scope?, parent: () -> FactoryKey?,
    autoRegister: (AutoRegistrationStep) -> Answer, unkept: (ResolutionRules) -> Answer,
    hit: (_ instance: AnyObject, _ isShared: Bool, _ amendment: AnyAmendment?) -> Answer,
    kept: (Slot, ResolutionRules) -> Answer, keeper: (Slot) -> Slot = { $0 }
  ) -> Answer {
    func answer(_ target: Slot, _ rules: ResolutionRules) -> Answer {
      if let (object, isShared) = target.liveInstance(for: rules.scope) {
        return hit(object, isShared, rules.amendment)
      }
      return kept(target, rules)
    }
    var stale: StaleSighting?
    var outlivesItsRegistration = false
    let answer = registry.withLock { registry in
      if let step = registry.pendingAutoRegistration() { return autoRegister(step) }
      if registry.dependents != nil, let parent = parent() {
        registry.dependents?.record(parent, resolved: key)
      }
      let rules = registry.rules(for: key, declared: declared)
      switch rules.keeping {
      case .nowhere, .inResolution:
        return unkept(rules)
      case .processWide, .processWideChecked:
        return Self.withSingletons { slots, _ in answer(keeper(slots.slotCreating(key)), rules) }
      case .inContainer, .inContainerChecked:
        let slot = registry.slots.slotCreating(key)
        let target = keeper(slot)
        let decided = answer(target, rules)
        if target.instance != nil {
          if let chain = target.staleChain {
            let argument =
              target === slot
              ? nil : slot.anyParameterSlots?.keptSlots.first { $0.slot === target }?.argument
            stale = StaleSighting(
              chain: chain, argument: argument,
              site: chain.last.flatMap { registry.registrationSites[$0] })
          }
          outlivesItsRegistration = target.outlivesItsRegistration
        }
        return decided
      }
    }
    // An expired instance the lookup dropped is released here, with the lock left.
    ResolutionState.releaseWhatLocksDropped()
    if let stale {
      StrictMonitor.observeStale(
        key, argument: stale.argument, builtFrom: stale.chain, changedAt: stale.site)
    }
    if outlivesItsRegistration { StrictMonitor.observeInstanceOfRemovedRegistration(key) }
    return answer
  }
}

/// A kept instance a lookup found built from a factory that changed since, reported once the
/// lock is left. A class, though rare: every locked lookup holds one optional, and dropping a nil
/// reference is one test where a nil optional tuple took an outlined destroy and a generic call.
final class StaleSighting {
  let chain: [FactoryKey]
  let argument: String?
  let site: IsolatedTest.SourceSite?

  init(chain: [FactoryKey], argument: String?, site: IsolatedTest.SourceSite?) {
    self.chain = chain
    self.argument = argument
    self.site = site
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
  func rules(for key: FactoryKey, declared: Scope?) -> ResolutionRules {
    let slot = slots.slot(for: key)
    let scope = scope(of: slot, declared: declared)
    // A sandbox keeps its singletons to itself, as a container keeps those a registered
    // builder builds.
    return ResolutionRules(
      amendment: slot?.amendment, scope: scope,
      keeping: Keeping(scope, overridden: slot?.amendment?.isRegistered == true || isSandbox))
  }

  /// The scope a resolution uses, by the rule given on `Keeping`.
  func scope(of slot: Slot?, declared: Scope?) -> Scope {
    // Not `??`: its autoclosure would capture the registry, which a debug build then copies
    // with every field retained, on every locked resolution.
    // As in Factory, a declared time to live stays under a statement's scope.
    if let scope = slot?.amendment?.scope { return scope.keepingLifetime(of: declared) }
    if let declared { return declared }
    if let defaultScope { return defaultScope }
    return .unique
  }
}

/// One in-flight build of a cached instance that other threads may wait for.
///
/// The thread that creates it builds the instance with no lock held and then opens the latch;
/// every other thread that asks for the same instance meanwhile waits on the latch, so a slow
/// initializer runs exactly once however many threads arrive together.
@usableFromInline
final class Construction: Sendable {
  enum Outcome: @unchecked Sendable {
    // NB: `@unchecked` because the built box holds a user value of any type, which need not be
    // `Sendable` (as in Factory). It is written once by the building thread before `Latch.open`
    // and only read after `Latch.wait`, whose mutex orders the two. Every waiter gets the same
    // instance: a first build that others join is a cached, shared or singleton scope's (a
    // unique scope never has waiters), and sharing the instance is what that scope asks for.
    case built(AnyObject)
    case failed(ResolutionFailure)
  }

  let key: FactoryKey
  /// The `ResolutionState` of the building thread.
  let owner: ObjectIdentifier
  let latch = Latch<Outcome>()

  init(key: FactoryKey, owner: ObjectIdentifier) {
    self.key = key
    self.owner = owner
  }
}

/// The waits-for graph between threads blocked on each other's constructions.
///
/// Before a thread waits for a construction it follows the chain of owners: when the chain leads
/// back to itself, waiting would deadlock, and the chain is a dependency cycle across threads.
/// A finished construction ends the chain: its waiters are awake, or about to be, even though
/// they have not yet taken their record out. Only contended first builds come here.
enum WaitGraph {
  private static let waits = Locked<[ObjectIdentifier: Construction]>([:])

  /// Records that `state` will wait for `construction`, or returns the cycle that waiting would
  /// close.
  static func beginWaiting(
    _ state: ResolutionState, for construction: Construction
  ) -> ResolutionFailure? {
    waits.withLock { waits in
      var chain = [state.frames.last?.key.description ?? construction.key.description]
      var current = construction
      while current.latch.peek() == nil {
        chain.append(current.key.description)
        if current.owner == state.id {
          return .cycle(chain: closedLoop(chain))
        }
        guard let next = waits[current.owner] else { break }
        current = next
      }
      waits[state.id] = construction
      return nil
    }
  }

  /// Removes the record made by `beginWaiting`.
  static func endWaiting(_ state: ResolutionState) {
    endWaiting(state.id)
  }

  /// Removes the record of what the thread `id` waits for.
  static func endWaiting(_ id: ObjectIdentifier) {
    _ = waits.withLock { $0.removeValue(forKey: id) }
  }

  /// Records that the thread `caller`, building `building`, waits for the thread `capture`, which
  /// runs `catchResolutionFailure`'s body for it; the record reads as a build of `building` that
  /// `capture` owns and never finishes.
  static func recordCapture(
    by capture: ObjectIdentifier, for caller: ObjectIdentifier, building: FactoryKey
  ) {
    waits.withLock { $0[caller] = Construction(key: building, owner: capture) }
  }

  /// `chain` as a loop that reads from one factory back to itself: a capture's record repeats
  /// the key its caller builds, and a loop found from inside a capture starts where it left off.
  private static func closedLoop(_ chain: [String]) -> [String] {
    var loop: [String] = []
    for key in chain where key != loop.last { loop.append(key) }
    if let first = loop.first, loop.count == 1 || loop.last != first { loop.append(first) }
    return loop
  }
}
