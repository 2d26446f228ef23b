/// The storage behind a container: its registrations, kept instances and saved states.
///
/// Every container owns one. Use it to reset or save and restore the whole container, typically
/// in tests:
///
/// ```swift
/// Container.shared.manager.push()             // save registrations and instances
/// Container.shared.api.register { FakeAPI() }
/// // …
/// Container.shared.manager.pop()              // back to what was saved
/// Container.shared.manager.reset(scope: .cached)
/// ```
public final class ContainerManager: Sendable {
  @usableFromInline let registry = Locked(Registry())
  /// What resolutions may use without the lock, and whether they may (once auto-registration
  /// is done); changed only under `registry`'s lock.
  @usableFromInline let index = PublishedIndex()
  /// The trace and graph recordings watching this container's resolutions.
  @usableFromInline let observation = Observation()

  /// Makes empty storage for a container.
  public init() {}

  /// Saves every registration and kept instance of this container, to restore with ``pop()``.
  ///
  /// Saved states nest: each `pop` restores the state of the matching `push`. Singletons live
  /// outside any container and are not saved.
  public func push() {
    registry.withLock { registry in
      registry.saved.append(
        .init(slots: registry.slots.snapshot(), autoRegistered: registry.autoRegistration.isDone))
    }
  }

  /// Restores the state saved by the latest ``push()``.
  ///
  /// - Returns: `false`, changing nothing, when there is no saved state.
  @discardableResult
  public func pop() -> Bool {
    var retired = PublishedIndex.Retired()
    defer { retired.release() }
    return registry.withLock { registry in
      guard let saved = registry.saved.popLast() else { return false }
      registry.slots = saved.slots
      if registry.autoRegistration.isSettled {
        registry.autoRegistration = saved.autoRegistered ? .done : .pending
      }
      republishAll(registry, retiring: &retired)
      return true
    }
  }

  /// Forgets every registration and kept instance of this container.
  ///
  /// Factories go back to their declarations, and auto-registration runs again before the next
  /// resolution. Saved states and process-wide singletons are kept; reset singletons with
  /// `reset(scope: .singleton)`.
  public func reset() {
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      registry.slots = SlotTable()
      if registry.autoRegistration.isSettled { registry.autoRegistration = .pending }
      republishAll(registry, retiring: &retired)
    }
    retired.release()
  }

  /// Forgets every registration, kept instance and saved state, when the container's owner is
  /// done with it: an override or an instance that holds the container no longer keeps it alive.
  func releaseEverything() {
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      registry.slots = SlotTable()
      registry.saved = []
      republishAll(registry, retiring: &retired)
    }
    retired.release()
  }

  /// Drops the instances kept for one scope; registrations stay.
  ///
  /// `.singleton` drops the singletons of every container: the process-wide ones, or inside a
  /// test isolated by `WiringTesting`, that test's own.
  ///
  /// - Parameter scope: The scope to empty.
  public func reset(scope: Scope) {
    if scope.kind == .singleton {
      SingletonStorage.resetAll()
      return
    }
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      for (_, slot) in registry.slots.entries { slot.dropInstances(of: scope.kind) }
      republishAll(registry, retiring: &retired)
    }
    retired.release()
  }

  /// Publishes what `slot`, the slot of `key`, holds, after a change to it.
  func republish(
    _ key: FactoryKey, _ slot: Slot, retiring retired: inout PublishedIndex.Retired
  ) {
    index.publish(Publication.of(slot), for: key, retiring: &retired)
  }

  /// Publishes the whole registry again, after the slot table or many slots changed, and says
  /// whether auto-registration is done.
  func republishAll(_ registry: Registry, retiring retired: inout PublishedIndex.Retired) {
    index.republishAll(retiring: &retired) { Publication.of(registry.slots.slot(for: $0)) }
    for (key, slot) in registry.slots.entries {
      index.publish(Publication.of(slot), for: key, retiring: &retired)
    }
    publishReadiness(registry)
  }

  /// Lets resolutions skip the lock once auto-registration is done, unless someone watches them
  /// or the container is a verification sandbox, and stops them otherwise.
  func publishReadiness(_ registry: Registry) {
    index.setReady(registry.autoRegistration.isDone && !observation.isOn && !registry.isSandbox)
  }
}

/// The state a container's lock guards.
@usableFromInline
struct Registry: Sendable {
  var slots = SlotTable()
  var autoRegistration = AutoRegistration.pending
  var saved: [Saved] = []
  /// Set on a verification sandbox: it keeps singletons of its own and never resolves lock-free.
  var isSandbox = false

  struct Saved: Sendable {
    var slots: SlotTable
    var autoRegistered: Bool
  }
}

/// Where a container is in its once-only auto-registration.
enum AutoRegistration {
  case pending
  case running(owner: ObjectIdentifier, latch: Latch<Void>)
  case done

  var isDone: Bool {
    if case .done = self { return true }
    return false
  }

  /// Whether no thread is running it right now; a run in progress is never interrupted, so the
  /// latch its waiters sleep on is always opened.
  var isSettled: Bool {
    if case .running = self { return false }
    return true
  }

  /// What the thread `me` must do before resolving, or nil when it may go on.
  mutating func step(for me: ObjectIdentifier) -> AutoRegistrationStep? {
    switch self {
    case .done:
      return nil
    case .pending:
      let latch = Latch<Void>()
      self = .running(owner: me, latch: latch)
      return .run(latch)
    case .running(let owner, let latch):
      return owner == me ? nil : .wait(latch)
    }
  }
}

/// Run the auto-registration and open the latch, or wait for the latch.
@usableFromInline
enum AutoRegistrationStep {
  case run(Latch<Void>)
  case wait(Latch<Void>)
}
