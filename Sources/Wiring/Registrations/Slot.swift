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
  /// Per-parameter slots of a `.scopeOnParameters` factory: a `ParameterSlots<P>`.
  var parameterSlots: AnyObject?
  /// Bumped by every register and reset, so a build that started earlier is not kept.
  var generation: UInt64 = 0

  init(entry: PublishedIndex.Entry) { self.entry = entry }

  /// Drops what `options` name: the override (and what it built), kept instances, or the
  /// override's context builders.
  func reset(_ options: FactoryResetOptions) {
    if options.contains(.registration), override != nil {
      override = nil
      dropInstances()
    }
    if options.contains(.context), let override, override.hasContexts {
      let stripped = override.withoutContexts()
      self.override = stripped
      if stripped == nil { dropInstances() }
    }
    if options.contains(.scope) { dropInstances() }
  }

  /// A copy for `push`: registrations and kept instances, without builds in flight.
  func snapshot() -> Slot {
    let copy = Slot(entry: entry)
    copy.override = override
    copy.instance = instance
    copy.parameterSlots = (parameterSlots as? any ParameterSlotsSnapshotting)?.snapshot()
    copy.generation = generation &+ 1
    return copy
  }

  /// Drops the kept instance, and per-parameter instances, of `scope` (or of every scope).
  func dropInstances(of scope: Scope.Kind? = nil) {
    if scope == nil || instance?.scope == scope {
      generation &+= 1
      instance = nil
      construction = nil
    }
    if let slots = parameterSlots as? any ParameterSlotsSnapshotting {
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
  /// Monotonic seconds after which a `.timeToLive` instance is rebuilt.
  let expiry: Double

  init(box: AnyObject, scope: Scope.Kind, expiry: Double) {
    self.box = box
    self.scope = scope
    self.expiry = expiry
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

/// Per-parameter slots for a `.scopeOnParameters` factory.
final class ParameterSlots<P: Hashable>: ParameterSlotsSnapshotting {
  /// The factory's entry, which every per-parameter slot shares.
  let entry: PublishedIndex.Entry
  var slots: [P: Slot] = [:]

  init(entry: PublishedIndex.Entry) { self.entry = entry }

  func slot(for parameter: P) -> Slot {
    if let slot = slots[parameter] { return slot }
    let slot = Slot(entry: entry)
    slots[parameter] = slot
    return slot
  }

  func snapshot() -> AnyObject {
    let copy = ParameterSlots<P>(entry: entry)
    copy.slots = slots.mapValues { $0.snapshot() }
    return copy
  }

  func dropInstances(of scope: Scope.Kind?) {
    for slot in slots.values { slot.dropInstances(of: scope) }
  }
}

/// What `Slot` needs from per-parameter slots without knowing the parameter type.
protocol ParameterSlotsSnapshotting: AnyObject {
  func snapshot() -> AnyObject
  func dropInstances(of scope: Scope.Kind?)
}
