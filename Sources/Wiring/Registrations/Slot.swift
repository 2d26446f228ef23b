/// Everything a container keeps for one factory key: its override and its cached instance.
///
/// Slots are mutated only under their container's lock. Each key has its own slot, so
/// registering or resetting one factory touches one slot however much else is cached.
@usableFromInline
final class Slot {
  /// The factory's entry in the published index, which holds its key; per-parameter slots
  /// share their factory's.
  let entry: PublishedIndex.Entry
  /// The factory this slot belongs to.
  var key: FactoryKey { entry.key }
  /// An `Override<T, Builder>` registered with `register`, or nil.
  var override: AnyOverride?
  /// The scope chained onto the override, read without a cast to its generic type.
  var overrideScope: Scope? { override?.scope }
  /// The kept instance for cached scopes.
  var instance: CachedInstance?
  /// A build in flight that other threads wait for.
  var construction: Construction?
  /// An async build in flight that other tasks await: an `AsyncConstruction`.
  var asyncConstruction: AnyObject?
  /// Per-parameter slots of a `.scopeOnParameters` factory: a `ParameterSlots<P>`. Stored as
  /// one reference rather than an existential, which would take every slot a word more.
  var parameterSlots: AnyObject?

  /// `parameterSlots`, seen through what every `ParameterSlots<P>` does.
  var anyParameterSlots: (any AnyParameterSlots)? { parameterSlots as? any AnyParameterSlots }

  /// Bumped by every register and reset, so a build that started earlier is not kept.
  var generation: UInt64 = 0
  /// The factory whose registration changed after the kept instance was built from it, directly
  /// or through others; set only while the container tracks dependents.
  var staleSince: FactoryKey?
  /// Whether the kept instance was built by a registration that `reset(.registration)` has since
  /// removed: it is still returned, as in Factory, and strict tests report it.
  var outlivesItsRegistration = false

  init(entry: PublishedIndex.Entry) { self.entry = entry }

  /// Drops what `options` name: the override, kept instances, or the override's context
  /// builders.
  func reset(_ options: FactoryResetOptions) {
    // As in Factory, `.registration` drops what `register` set, keeps the modifiers stored
    // with it and keeps what the registration built: the instance is marked, for strict tests.
    if options.contains(.registration), let override {
      let keepsInstance = override.isReplacement && instance != nil && !options.contains(.scope)
      let stripped = override.withoutReplacement(keepingAnAmendment: keepsInstance)
      self.override = options.contains(.context) && !keepsInstance ? nil : stripped
      if keepsInstance { outlivesItsRegistration = true }
    }
    if options.contains(.context), let override {
      // Also stops a `.once()` declaration's own contexts, as Factory's reset does.
      let stripped = override.withoutContexts(keepingAnAmendment: outlivesItsRegistration)
      self.override = stripped
      if stripped == nil, override.hasContexts { dropInstances() }
    }
    if options.contains(.scope) { dropInstances() }
  }

  /// A copy for `push`: registrations and kept instances, without builds in flight.
  func snapshot() -> Slot {
    let copy = Slot(entry: entry)
    copy.override = override
    copy.instance = instance
    copy.outlivesItsRegistration = outlivesItsRegistration
    copy.parameterSlots = anyParameterSlots?.snapshot()
    copy.generation = generation &+ 1
    return copy
  }

  /// The kept instance when a resolution may take it without the lock: one of a scope that
  /// keeps it until a reset (`.shared` and `.timeToLive` need the lock's checks).
  var publishableBox: AnyObject? {
    guard let instance else { return nil }
    switch instance.scope {
    case .cached, .custom, .singleton: return instance.box
    case .unique, .graph, .shared, .timeToLive: return nil
    }
  }

  /// Drops the kept instance, and per-parameter instances, of `scope` (or of every scope).
  func dropInstances(of scope: Scope.Kind? = nil) {
    if scope == nil || instance?.scope == scope {
      generation &+= 1
      instance = nil
      construction = nil
      staleSince = nil
      if outlivesItsRegistration, override?.holdsNothing == true { override = nil }
      outlivesItsRegistration = false
    }
    if let slots = anyParameterSlots {
      slots.dropInstances(of: scope)
      if scope == nil { parameterSlots = nil }
    }
  }
}

/// A kept instance and the scope it was kept for.
///
/// A class, so that a slot with nothing kept (most of them) spends one reference on it.
@usableFromInline
final class CachedInstance {
  /// A `Box<T>`, or a `WeakBox` for `.shared`.
  let box: AnyObject
  let scope: Scope.Kind
  /// Monotonic seconds after which a `.timeToLive` instance is rebuilt; changed only under the
  /// lock of the slot that keeps it.
  private(set) var expiry: Double

  init(box: AnyObject, scope: Scope.Kind, expiry: Double) {
    self.box = box
    self.scope = scope
    self.expiry = expiry
  }

  /// Whether a `.timeToLive` instance is still valid at `now`; a valid one that its scope renews
  /// on use, as Factory's time to live does, starts its time again.
  func isAlive(renewing now: Double) -> Bool {
    guard expiry > now else { return false }
    if case .timeToLive(let seconds, renewedOnUse: true) = scope { expiry = now + seconds }
    return true
  }
}

/// A strongly held value of a known type.
@usableFromInline
final class Box<T> {
  @usableFromInline let value: T
  @usableFromInline init(_ value: T) { self.value = value }
}

/// `value` as an object when it is a class instance, or an Optional that holds one; nil for
/// values, which would otherwise be boxed (or, on Apple platforms, bridged to immortal tagged
/// pointers) and so never held weakly.
@usableFromInline
func classInstance<T>(_ value: T) -> AnyObject? {
  let value = value as Any
  if let optional = value as? any OptionalInstance { return optional.wrappedInstance }
  return type(of: value) is AnyClass ? value as AnyObject : nil
}

/// An Optional, seen without its wrapped type, so that `.shared` and weak references look
/// through `Factory<Service?>` to the instance.
protocol OptionalInstance {
  var wrappedInstance: AnyObject? { get }
}

extension Optional: OptionalInstance {
  var wrappedInstance: AnyObject? {
    switch self {
    case .some(let wrapped): classInstance(wrapped)
    case .none: nil
    }
  }
}

/// A weakly held instance for `.shared` and `@WeakLazyInjected`.
@usableFromInline
final class WeakBox {
  @usableFromInline weak var object: AnyObject?
  @usableFromInline init(_ object: AnyObject) { self.object = object }
}
