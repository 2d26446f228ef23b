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
  /// What resolutions may use without the lock, and whether they may (once auto-registration
  /// is done); changed only under `registry`'s lock.
  let index = PublishedIndex()
  let registry: Locked<Registry>
  /// The trace and graph recordings watching this container's resolutions.
  @usableFromInline let observation = Watchers()

  /// Makes empty storage for a container.
  public init() {
    registry = Locked(Registry(slots: SlotTable(index: index)))
    #if DEBUG
    // Only debug builds warn (`RuntimeCopies`): nobody reads a release build's standard error,
    // and looking costs a `dlopen` per loaded image on Linux, hundreds of images on Apple systems.
    _ = runtimeCopiesAtFirstUse
    #endif
  }

  /// Saves every registration and kept instance of this container, its default scope and
  /// container-wide decorator, to restore with ``pop()``.
  ///
  /// Saved states nest: each `pop` restores the state of the matching `push`. Singletons live
  /// outside any container and are not saved.
  public func push() {
    registry.withLock { registry in
      registry.saved.append(
        .init(
          slots: registry.slots.saved(), defaultScope: registry.defaultScope,
          decorator: observation.decorator, autoRegistered: registry.autoRegistration.isDone))
    }
  }

  /// Restores the state saved by the latest ``push()``.
  ///
  /// - Returns: `false`, changing nothing, when there is no saved state.
  @discardableResult
  public func pop() -> Bool {
    var retired = PublishedIndex.Retired()
    var droppedDecorator: (@Sendable (Any) -> Void)?
    defer {
      retired.release()
      // Released here, with the lock left: what the decorator captured may resolve as it goes.
      withExtendedLifetime(droppedDecorator) {}
    }
    return registry.withLock { registry in
      guard let saved = registry.saved.popLast() else { return false }
      registry.slots.restore(saved.slots)
      registry.defaultScope = saved.defaultScope
      droppedDecorator = observation.setDecorator(saved.decorator)
      if registry.autoRegistration.isSettled {
        registry.autoRegistration = saved.autoRegistered ? .done : .pending
      }
      republishAll(registry, retiring: &retired)
      return true
    }
  }

  /// Forgets what `options` name, for every factory of this container.
  ///
  /// With `.all`, the default, factories go back to their declarations: overrides, modifiers
  /// written as statements, kept instances, the ``defaultScope`` and the container-wide
  /// decorator are dropped. Dropping registrations runs auto-registration again before the next
  /// resolution. Saved states and process-wide singletons are kept; reset singletons with
  /// `reset(scope: .singleton)`.
  ///
  /// ```swift
  /// Container.shared.manager.reset()                       // everything
  /// Container.shared.manager.reset(options: .scope)        // only kept instances
  /// Container.shared.manager.reset(options: .context)      // only stored onTest, onArg, …
  /// ```
  public func reset(options: FactoryResetOptions = .all) {
    guard !options.isEmpty else { return }
    var retired = PublishedIndex.Retired()
    var droppedDecorator: (@Sendable (Any) -> Void)?
    registry.withLock { registry in
      if options.isSuperset(of: [.registration, .scope]) {
        registry.slots.empty()
        registry.defaultScope = nil
        droppedDecorator = observation.setDecorator(nil)
      } else {
        for (_, slot) in registry.slots.entries { slot.reset(options) }
      }
      if options.contains(.registration), registry.autoRegistration.isSettled {
        registry.autoRegistration = .pending
      }
      republishAll(registry, retiring: &retired)
    }
    retired.release()
    // Released here, with the lock left: what the decorator captured may resolve as it goes.
    withExtendedLifetime(droppedDecorator) {}
  }

  /// Forgets every registration, kept instance and saved state, when the container's owner is
  /// done with it: an override or an instance that holds the container no longer keeps it alive.
  func releaseEverything() {
    var retired = PublishedIndex.Retired()
    let saved = registry.withLock { registry in
      let saved = registry.saved
      registry.saved = []
      registry.slots.empty()
      republishAll(registry, retiring: &retired)
      return saved
    }
    retired.release()
    // Released here, with the lock left: a saved instance's deinitializer may resolve.
    withExtendedLifetime(saved) {}
  }

  /// The scope of this container's factories whose declaration names none; nil, the default,
  /// for `.unique`.
  ///
  /// ```swift
  /// Container.shared.manager.defaultScope = .cached
  /// ```
  ///
  /// A container with a default scope resolves every factory under its lock, so that a change
  /// of the default applies at once: prefer naming the scope in each declaration where speed
  /// matters. ``reset(options:)`` with `.all` sets it back to nil.
  public var defaultScope: Scope? {
    get { registry.withLock { $0.defaultScope } }
    set {
      registry.withLock { registry in
        registry.defaultScope = newValue
        publishReadiness(registry)
      }
    }
  }

  /// Drops the instances kept for one scope; registrations stay.
  ///
  /// `.singleton` drops the singletons of every container: the process-wide ones, or inside a
  /// test isolated by `WiringTesting`, that test's own; and those that registrations in this
  /// container built, which this container keeps (another container's stay with it).
  ///
  /// - Parameter scope: The scope to empty.
  public func reset(scope: Scope) {
    if scope.kind == .singleton { Singletons.resetAll() }
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      for (_, slot) in registry.slots.entries { slot.dropInstances(of: scope.kind) }
      republishAll(registry, retiring: &retired)
    }
    retired.release()
  }

  /// Publishes the whole registry again, after the slot table or many slots changed, and says
  /// whether auto-registration is done.
  func republishAll(_ registry: Registry, retiring retired: inout PublishedIndex.Retired) {
    registry.slots.republishAll(retiring: &retired)
    publishReadiness(registry)
  }

  /// Lets resolutions skip the lock once auto-registration is done, unless someone watches them
  /// or the container is a verification sandbox, has a default scope or tracks dependents.
  func publishReadiness(_ registry: Registry) {
    // The fields first: an autoclosure of `&&` that read `registry` would capture it, and a
    // debug build would copy the whole registry for it.
    let isDone = registry.autoRegistration.isDone
    let isSandbox = registry.isSandbox
    let hasDefaultScope = registry.defaultScope != nil
    let tracksDependents = registry.dependents != nil
    index.setReady(
      isDone && !isSandbox && !hasDefaultScope && !tracksDependents && !observation.isOn)
  }
}

/// The state a container's lock guards.
struct Registry: Sendable {
  var slots: SlotTable
  /// The scope of factories whose declaration names none; nil for `.unique`.
  var defaultScope: Scope?
  var autoRegistration = AutoRegistration.pending
  /// Where each factory was last registered, while dependents are tracked.
  var registrationSites: [FactoryKey: IsolatedTest.SourceSite] = [:]
  var saved: [Saved] = []
  /// Set on a verification sandbox: it keeps singletons of its own and never resolves lock-free.
  var isSandbox = false
  /// Which factories' kept instances were built from which factories; nil unless the container
  /// tracks dependents.
  var dependents: Dependents?

  struct Saved: Sendable {
    var slots: SlotTable.Saved
    var defaultScope: Scope?
    var decorator: (@Sendable (Any) -> Void)?
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

/// The images holding a copy of Wiring when this copy made its first container in a debug
/// build, looked for and reported once (`RuntimeCopies`). Here rather than in that file, so
/// that making a container checks a lazy global of this file, which it runs through anyway.
let runtimeCopiesAtFirstUse = RuntimeCopies.lookAndReport()

extension ContainerManager {
  /// Registers `amendment`, a replacement with nothing else, for `key`: runs auto-registration
  /// first, so that it cannot undo the override, then replaces the slot's override and drops
  /// what it kept, unless auto-registration is what registers.
  ///
  /// A scope, decorator or contexts stored before, by a statement or chained onto an earlier
  /// registration, stay, as in Factory, where registering replaces only how to build; an
  /// override of another builder type (a factory that shares the key by name) is replaced whole.
  @usableFromInline
  func register(
    _ amendment: AnyAmendment, for key: FactoryKey, in container: any ManagedContainer,
    at site: (fileID: StaticString, filePath: StaticString, line: Int, column: Int)? = nil
  ) {
    ensureAutoRegistered(container)
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      // Kept only while dependents are tracked: a stale report points at the registration.
      if registry.dependents != nil, let site {
        registry.registrationSites[key] = IsolatedTest.SourceSite(
          fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: site.line,
          column: site.column)
      }
      // As in Factory, registering replaces only how to build.
      if let stored = slot.amendment, stored.builderType == amendment.builderType,
        stored.hasModifiers
      {
        slot.amendment = stored.with(replaces: true, builderOf: amendment)
      } else {
        slot.amendment = amendment
      }
      if case .running = registry.autoRegistration {
        // As in Factory, auto-registration run again after `reset(options: .registration)`
        // keeps what the registrations it replays built.
        slot.outlivesItsRegistration = false
      } else {
        slot.dropInstances()
      }
      slot.republish(retiring: &retired)
      markDependentsStale(of: key, in: &registry)
    }
    retired.release()
  }

  /// Drops the override of `key`, its kept instance, its contexts, as `options` say.
  func reset(_ key: FactoryKey, _ options: FactoryResetOptions) {
    guard !options.isEmpty else { return }
    var retired = PublishedIndex.Retired()
    let untracked = registry.withLock { registry in
      let untracked = options.contains(.dependents) && registry.dependents == nil
      if !registry.registrationSites.isEmpty { registry.registrationSites[key] = nil }
      guard let slot = registry.slots.slot(for: key) else { return untracked }
      slot.reset(options)
      slot.republish(retiring: &retired)
      if options.contains(.dependents) {
        dropDependents(of: key, in: &registry, retiring: &retired)
      } else if !options.isDisjoint(with: [.registration, .scope]) {
        markDependentsStale(of: key, in: &registry)
      }
      return untracked
    }
    retired.release()
    if options.contains(.scope) { Singletons.drop(key) }
    if untracked { StrictMonitor.observeUntrackedDependentsReset(of: key) }
  }
}

extension ContainerManager {
  /// The singleton storage in effect (the process-wide one, or an isolated test's), locked: the
  /// one place resolutions, sync and async, and the dump reach it.
  static func withSingletons<R>(_ body: (inout SlotTable, PublishedIndex) -> R) -> R {
    let storage = Singletons.current
    return storage.slots.withLock { body(&$0, storage.index) }
  }
}
