/// Everything a container keeps for one factory key: its override, its cached instance, and the
/// word that publishes them to resolutions that take no lock.
///
/// A key's slot is made the first time the key is registered or resolved and lives as long as its
/// container's published index, which holds it; `reset` and `pop` empty or restore it in place.
/// A lock-free reader finds the slot in the index and reads only `key`, a constant, and
/// `publication`, atomically; the other fields are for writers under the lock (see the NB).
@usableFromInline
final class Slot {
  // NB: `@exclusivity(unchecked)` on the stored fields below is sound: every access happens under
  // the lock of the table that holds the slot (the registry's or the singletons'), which orders
  // them, and none is passed `inout` across a call that could reach the same slot. Unchecked, a
  // debug build skips a runtime check on each of the dozen accesses a registration or a locked
  // resolution makes.

  /// The factory this slot belongs to.
  let key: FactoryKey
  /// The current word of `SlotSnapshot`, whose object is retained, or 0; per-parameter slots
  /// never publish one. Readers load it with `loadPublication()`.
  let publication = AtomicWord()
  /// What `register` or a statement added to the declaration, or nil.
  @exclusivity(unchecked) var amendment: AnyAmendment?
  /// The kept instance for cached scopes.
  @exclusivity(unchecked) var instance: CachedInstance?
  /// A build in flight that other threads wait for.
  @exclusivity(unchecked) var construction: Construction?
  /// What few slots hold, apart: a slot is made for every key registered or resolved.
  @exclusivity(unchecked) private var rare: Rare?
  /// Bumped by register, pop, a reset of the registration and every reset that drops the kept
  /// instance, so that a build that started earlier is not kept. 32 bits: a build only compares
  /// it with the value it started with, and four billion such changes while one build runs
  /// cannot happen.
  @exclusivity(unchecked) var generation: UInt32 = 0
  /// Whether the kept instance was built by a registration that `reset(.registration)` has since
  /// removed: it is still returned, as in Factory, and strict tests report it.
  @exclusivity(unchecked) var outlivesItsRegistration = false

  init(key: FactoryKey) { self.key = key }

  deinit { SlotSnapshot.release(loadPublication()) }

  /// Publishes what the slot holds now, after a change to it; the old word goes to `retired`.
  func republish(retiring retired: inout PublishedIndex.Retired) {
    retired.add(publication.exchange(SlotSnapshot.retainedWord(for: self)))
  }

  /// An async build in flight that other tasks await: an `AsyncConstruction`.
  var asyncConstruction: AnyObject? {
    get { rare?.asyncConstruction }
    set { if newValue != nil || rare != nil { rareCreating().asyncConstruction = newValue } }
  }

  /// Per-parameter slots of a `.scopeOnParameters` factory: a `ParameterSlots<P>`.
  var parameterSlots: AnyObject? {
    get { rare?.parameterSlots }
    set { if newValue != nil || rare != nil { rareCreating().parameterSlots = newValue } }
  }

  /// `parameterSlots`, seen through what every `ParameterSlots<P>` does.
  var anyParameterSlots: (any AnyParameterSlots)? { parameterSlots as? any AnyParameterSlots }

  /// The factories the kept instance was built from, down to the one whose registration changed
  /// after it was built (the last); set only while the container tracks dependents.
  var staleChain: [FactoryKey]? {
    get { rare?.staleChain }
    set { if newValue != nil || rare != nil { rareCreating().staleChain = newValue } }
  }

  private func rareCreating() -> Rare {
    if let rare { return rare }
    let made = Rare()
    rare = made
    return made
  }

  /// The fields of `Slot` that few slots use; guarded by the same lock.
  private final class Rare {
    var asyncConstruction: AnyObject?
    var parameterSlots: AnyObject?
    var staleChain: [FactoryKey]?
  }

  /// Drops what `options` name: the override, kept instances, or the override's contexts.
  func reset(_ options: FactoryResetOptions) {
    if options.isSuperset(of: .all) {
      amendment = nil
      dropInstances()
      return
    }
    // As in Factory, `.registration` drops what `register` set, keeps the modifiers stored
    // with it and keeps what the registration built: the instance is marked, for strict tests.
    if options.contains(.registration), let replaced = amendment, replaced.isReplacement {
      if instance != nil, !options.contains(.scope) { outlivesItsRegistration = true }
      amendment = replaced.withoutReplacement()
      // A build in flight with the removed builder is overtaken, as by `register`.
      overtakeBuilds()
    }
    if options.contains(.context), let amended = amendment {
      // The override's contexts only: the factory's `reset` stops a `.once()` declaration's
      // own. As in Factory, what a context built stays kept.
      amendment = amended.withoutContexts()
    }
    if options.contains(.scope) { dropInstances() }
    // An override whose builder went says where the instance its registration built is kept (a
    // registered `.singleton` stays in its container), and only while the slot keeps it.
    if !outlivesItsRegistration { forgetRegistration() }
  }

  /// Drops an override that holds nothing, and makes one whose builder `reset(.registration)`
  /// removed an amendment like a statement's.
  private func forgetRegistration() {
    guard let amended = amendment, !amended.isReplacement else { return }
    if amended.isEmpty {
      amendment = nil
    } else if amended.isRegistered {
      amendment = amended.with(registered: false)
    }
  }

  /// Leaves the builds in flight to their callers: none is kept, and no later resolution waits
  /// for one.
  func overtakeBuilds() {
    generation &+= 1
    if construction != nil { construction = nil }
    if let slots = rare?.parameterSlots as? any AnyParameterSlots { slots.overtakeBuilds() }
  }

  /// A copy of a per-parameter slot, for `push`: what `saved` holds.
  func snapshot() -> Slot {
    let copy = Slot(key: key)
    copy.restore(saved)
    return copy
  }

  /// What `push` saves of a slot: its registration and kept instances, without builds in flight.
  struct Saved {
    let amendment: AnyAmendment?
    let instance: CachedInstance?
    let outlivesItsRegistration: Bool
    let parameterSlots: AnyObject?
  }

  /// The slot's registration and kept instances, for `push`.
  var saved: Saved {
    Saved(
      amendment: amendment, instance: instance, outlivesItsRegistration: outlivesItsRegistration,
      parameterSlots: rare == nil ? nil : anyParameterSlots?.snapshot())
  }

  /// Takes back what `saved` holds, for `pop`, or empties the slot when nil (its key was first
  /// stored after the `push`); a build in flight is not kept.
  ///
  /// What goes is released after the lock, since a deinitializer may resolve; an instance only
  /// when it differs from the saved one, so a `pop` touches only the factories a test changed. The
  /// amendment needs no such care: the published word the change retires holds it until then.
  func restore(_ saved: Saved?) {
    generation &+= 1
    construction = nil
    if instance !== saved?.instance { ResolutionState.releaseAfterLock(instance) }
    ResolutionState.releaseAfterLock(rare)
    amendment = saved?.amendment
    instance = saved?.instance
    outlivesItsRegistration = saved?.outlivesItsRegistration ?? false
    rare = nil
    if let parameters = saved?.parameterSlots { parameterSlots = parameters }
  }

  /// Drops everything the slot holds, as a new slot holds nothing.
  func empty() { restore(nil) }

  /// The kept instance when a resolution may take it without the lock: one of a scope that
  /// keeps it until a reset (`.shared` and a time to live need the lock's checks).
  var publishableBox: AnyObject? {
    guard let instance, !instance.isTimed else { return nil }
    switch instance.scope.kind {
    case .cached, .custom, .singleton: return instance.box
    case .unique, .graph, .shared: return nil
    }
  }

  /// The kept instance, while it lives, and whether it is a `.shared` object held weakly; an
  /// expired or freed one is dropped, and released after the lock, as is one kept for another
  /// scope than `scope`, the one in force (the container's default scope changed since): the
  /// scope in force decides how long an instance lives. A custom scope written in a declaration
  /// is a new scope at each resolution: one kept for a custom scope stays for another, and
  /// takes its id, so that a reset of the scope last in force reaches it.
  func liveInstance(for scope: Scope) -> (object: AnyObject, isShared: Bool)? {
    guard let instance else { return nil }
    if case .custom = scope.kind, case .custom = instance.scope.kind {
      instance.scope = Scope(scope.kind, lifetime: instance.scope.lifetime)
    }
    if instance.scope.kind == scope.kind, instance.isAlive(for: scope.lifetime) {
      if scope.kind != .shared { return (instance.box, false) }
      if let object = (instance.box as? WeakBox)?.object { return (object, true) }
    }
    ResolutionState.releaseAfterLock(instance)
    self.instance = nil
    return nil
  }

  /// Drops the kept instance, and per-parameter instances, of `scope` (or of every scope).
  func dropInstances(of scope: Scope.Kind? = nil) {
    if scope == nil || instance?.scope.kind == scope {
      generation &+= 1
      // Registering a factory that keeps nothing, what tests do most, has nothing to drop.
      if let dropped = instance {
        ResolutionState.releaseAfterLock(dropped)
        instance = nil
      }
      if construction != nil { construction = nil }
      rare?.staleChain = nil
      if outlivesItsRegistration {
        outlivesItsRegistration = false
        forgetRegistration()
      }
    }
    // Through `rare` once: registering, what tests do most, comes here every time, and in a
    // debug build each computed property is a call.
    if let rare, let slots = rare.parameterSlots as? any AnyParameterSlots {
      slots.dropInstances(of: scope)
      if scope == nil { rare.parameterSlots = nil }
    }
  }
}

/// A kept instance and the scope it was kept for.
///
/// A class, so that a slot with nothing kept (most of them) spends one reference on it.
final class CachedInstance {
  /// The instance as `keptObject` keeps it (a class instance as itself, else in a `Box<T>`), or
  /// a `WeakBox` for `.shared`.
  let box: AnyObject
  /// The scope it was kept for, its time to live included (diagnostics name it); changed only
  /// under the lock of the slot that keeps it (by `Slot.liveInstance(for:)`).
  var scope: Scope
  /// When, in monotonic seconds, the instance's time last started: its build, or the last use
  /// that renewed it under a time to live. Changed only under the lock of the slot that keeps
  /// it.
  private(set) var stamp: Double
  /// Whether a scope with a time to live kept or read it: such an instance is taken only under
  /// the lock, which checks its time. Changed only under the lock of the slot that keeps it.
  private(set) var isTimed: Bool

  /// `box` kept for `scope`, built now.
  init(box: AnyObject, scope: Scope) {
    self.box = box
    self.scope = scope
    stamp = Clock.now
    isTimed = scope.lifetime != nil
  }

  /// Whether the instance is valid for a resolution whose scope has `lifetime`, as Factory
  /// checks the time stamp of a kept instance: always without one; with one, while it is
  /// younger than its seconds, and a valid one that the scope renews on use starts its time
  /// again. A time to live that a statement added after the build counts from the build or the
  /// last renewal, as in Factory: an instance idle for longer is built again.
  func isAlive(for lifetime: Scope.Lifetime?) -> Bool {
    guard let lifetime else { return true }
    isTimed = true
    let now = Clock.now
    guard now < stamp + lifetime.seconds else { return false }
    if lifetime.renewedOnUse { stamp = now }
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

/// The slots of a container (or of the singletons), by factory key: the writers' side of a
/// `PublishedIndex`.
///
/// The index finds a key's slot, for writers under the lock as for lock-free readers; the table
/// keeps the slots in the order their keys were first stored, for the dump and for `pop`. Slots
/// are never removed (see `Slot`), so a slot's position, like its address, never changes.
struct SlotTable: @unchecked Sendable {
  // NB: `@unchecked` because a `Slot` is a mutable class. A table lives only inside a `Locked`
  // (a container's registry, a singleton store) and its slots change only under that lock;
  // lock-free readers read only a slot's key and published word. The kept instances go to every
  // thread that resolves their factory: sharing one is what a cached, shared or singleton scope
  // asks for, as in Factory, which does not require `Sendable` of what it builds either.
  private var slots: [Slot] = []
  /// `slots.count`, kept apart: a debug build asks an array for it through unspecialized code.
  private var count = 0
  /// The index that finds the slots, changed under the same lock.
  private let index: PublishedIndex

  /// How many slots are found by comparing keys in turn, before the index is asked.
  static let linearLimit = 8

  init(index: PublishedIndex) {
    self.index = index
  }

  /// The slot for `key`, or nil when the key was never stored.
  func slot(for key: FactoryKey) -> Slot? {
    guard count <= Self.linearLimit else { return index.storedSlot(for: key) }
    // A counted loop, and no hash: a debug build calls the standard library's iterator
    // unspecialized, and the key's hash out of line, which cost more than a few compares.
    var position = 0
    while position < count {
      let stored = slots[position]
      if stored.key == key { return stored }
      position += 1
    }
    return nil
  }

  /// The slot for `key`, created empty when missing.
  mutating func slotCreating(_ key: FactoryKey) -> Slot {
    if let slot = slot(for: key) { return slot }
    let slot = Slot(key: key)
    index.insert(slot)
    slots.append(slot)
    count += 1
    return slot
  }

  /// Every stored key and slot, in the order the keys were first stored.
  var entries: [(key: FactoryKey, slot: Slot)] {
    slots.map { ($0.key, $0) }
  }

  /// What `push` saves: each slot's state, in the table's order.
  struct Saved: @unchecked Sendable {
    // NB: `@unchecked` for the reason given on `SlotTable`: the states hold its slots' objects,
    // and are made and read only under the lock of the table they were saved from.
    fileprivate let slots: [Slot.Saved]
  }

  // The loops below count rather than iterate, for the reason given in `slot(for:)`: a test
  // suite that pushes and pops around every test runs them in debug builds.

  /// Every slot's state, for `push`.
  func saved() -> Saved {
    var states: [Slot.Saved] = []
    states.reserveCapacity(count)
    var position = 0
    while position < count {
      states.append(slots[position].saved)
      position += 1
    }
    return Saved(slots: states)
  }

  /// Takes back the slots' state from `saved`, for `pop`; slots made since are emptied.
  func restore(_ saved: Saved) {
    let savedCount = saved.slots.count
    var position = 0
    while position < count {
      slots[position].restore(position < savedCount ? saved.slots[position] : nil)
      position += 1
    }
  }

  /// Empties every slot.
  func empty() {
    var position = 0
    while position < count {
      slots[position].empty()
      position += 1
    }
  }

  /// Publishes every slot's state again, after many changed.
  func republishAll(retiring retired: inout PublishedIndex.Retired) {
    var position = 0
    while position < count {
      slots[position].republish(retiring: &retired)
      position += 1
    }
  }
}

/// Per-parameter slots for a `.scopeOnParameters` factory, and the table that publishes their
/// kept instances to resolutions that take no lock.
///
/// Changed only under the lock of the storage that holds the factory's slot, like the slot.
final class ParameterSlots<P: Hashable>: AnyParameterSlots {
  /// The factory's key, which every per-parameter slot has.
  let key: FactoryKey
  var slots: [P: Slot] = [:]
  /// The kept instances as the factory's published word shows them, or nil when none is.
  private(set) var table: ParameterTable?

  init(key: FactoryKey) { self.key = key }

  func slot(for parameter: P) -> Slot {
    if let slot = slots[parameter] { return slot }
    let slot = Slot(key: key)
    slots[parameter] = slot
    return slot
  }

  func publish(
    _ box: AnyObject, keptIn slot: Slot, parameter: UnsafeRawPointer, type: Any.Type
  ) -> Bool {
    // Two factories can share a key by name with different parameter types; each replaces the
    // other's slots, so a build of the other type finds its slot gone here.
    guard ObjectIdentifier(type) == ObjectIdentifier(P.self) else { return false }
    let parameter = parameter.assumingMemoryBound(to: P.self).pointee
    guard slots[parameter] === slot else { return false }
    if let table, !table.isFull, table.boxAddress(for: parameter) == nil {
      let entry = ParameterEntry(parameter: parameter, box: box)
      table.insert(entry, hash: entry.hash)
      return false
    }
    table = makeTable()
    return true
  }

  func snapshot() -> AnyObject {
    let copy = ParameterSlots<P>(key: key)
    copy.slots = slots.mapValues { $0.snapshot() }
    copy.table = copy.makeTable()
    return copy
  }

  func dropInstances(of scope: Scope.Kind?) {
    for slot in slots.values { slot.dropInstances(of: scope) }
    table = makeTable()
  }

  func overtakeBuilds() {
    for slot in slots.values { slot.overtakeBuilds() }
  }

  var keptSlots: [(argument: String, slot: Slot)] {
    slots.compactMap { parameter, slot in
      slot.instance == nil ? nil : (String(reflecting: parameter), slot)
    }
  }

  /// A table of every instance a lock-free resolution may take, with room for as many again;
  /// nil when there is none.
  private func makeTable() -> ParameterTable? {
    let kept = slots.compactMap { parameter, slot in
      slot.publishableBox.map { ParameterEntry(parameter: parameter, box: $0) }
    }
    guard !kept.isEmpty else { return nil }
    let table = ParameterTable(parameterType: P.self, capacity: kept.count * 2)
    for entry in kept { table.insert(entry, hash: entry.hash) }
    return table
  }
}

/// What a slot and its publication need from per-parameter slots, without the parameter type.
protocol AnyParameterSlots: AnyObject {
  /// The slots that keep an instance, each with its argument as reports show it.
  var keptSlots: [(argument: String, slot: Slot)] { get }

  /// The kept instances as the factory's published word shows them, or nil when none is.
  var table: ParameterTable? { get }

  /// Adds `box`, just kept in `slot` for the parameter at `parameter`, of `type`, to `table`.
  ///
  /// - Returns: whether `table` is a new table, which the factory's word must publish.
  func publish(
    _ box: AnyObject, keptIn slot: Slot, parameter: UnsafeRawPointer, type: Any.Type
  ) -> Bool

  /// A copy for `push`, with snapshots of the slots.
  func snapshot() -> AnyObject

  /// Drops the kept instances of `scope`, or of every scope, and unpublishes them.
  func dropInstances(of scope: Scope.Kind?)

  /// Leaves every argument's build in flight to its caller (`Slot.overtakeBuilds()`).
  func overtakeBuilds()
}

/// The instances a `.scopeOnParameters` factory keeps, one per parameter, readable without a lock:
/// a `LockFreeTable` of `ParameterEntry`s.
///
/// A table that fills up, or loses an instance, is replaced by a new one, published in its key's
/// word of `SlotSnapshot`.
@usableFromInline
final class ParameterTable: LockFreeTable {
  /// The parameter type the entries hold, so that a reader of another type (two factories that
  /// share a key by name) finds nothing.
  @usableFromInline let parameterType: ObjectIdentifier

  /// An empty table for parameters of `type`, with room for `capacity` of them.
  init(parameterType type: Any.Type, capacity: Int) {
    var size = 8
    while size < capacity * 2 { size <<= 1 }
    parameterType = ObjectIdentifier(type)
    super.init(size: size)
  }

  /// The kept `Box<T>` for `parameter`, as a raw address, or nil. Call it inside a read section.
  @inlinable
  @inline(__always)
  func boxAddress<P: Hashable>(for parameter: P) -> UnsafeRawPointer? {
    guard parameterType == ObjectIdentifier(P.self) else { return nil }
    let hash = parameter.hashValue
    let entry = LockFreeTable.find(in: buckets, hash: hash) { address in
      Unmanaged<ParameterEntry<P>>.fromOpaque(address)._withUnsafeGuaranteedRef {
        $0.hash == hash && $0.parameter == parameter
      }
    }
    guard let entry else { return nil }
    return Unmanaged<ParameterEntry<P>>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.boxAddress
    }
  }
}

/// One parameter and the instance kept for it, never changed once made.
@usableFromInline
final class ParameterEntry<P: Hashable> {
  @usableFromInline let parameter: P
  @usableFromInline let hash: Int
  /// The kept `Box<T>`, retained by this entry.
  @usableFromInline let boxAddress: UnsafeRawPointer

  init(parameter: P, box: AnyObject) {
    self.parameter = parameter
    hash = parameter.hashValue
    boxAddress = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
  }

  deinit { Unmanaged<AnyObject>.fromOpaque(boxAddress).release() }
}
