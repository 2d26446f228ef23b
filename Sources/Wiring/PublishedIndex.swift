#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A hash table from factory keys to their slots, whose published words resolutions read
/// without a lock.
///
/// Writers hold the lock of the storage that owns the index (a container's registry, or the
/// singleton storage) and reach it through that storage's `SlotTable`. Slots, and the tables
/// growth replaced, are kept while the index lives, so a reader can follow any address it
/// loaded; only published objects go earlier, after `ReadSections.waitForReaders()`.
final class PublishedIndex: @unchecked Sendable {
  // NB: `@unchecked` is sound: only writers, under the owner's lock, touch `tables`; readers
  // reach the current table through the atomic `words` alone and load its buckets acquiring.

  /// Word 0: the address of the current table's words (its mask, then its buckets), or 0.
  /// Word 1: 1 when the owner lets resolutions skip its lock. Side by side, so that a lookup
  /// starts with one cache line.
  private let words = AtomicWordBuffer(count: 2)
  /// Every table the index grew through, the current one last; each retains its slots.
  private var tables: [LockFreeTable] = []

  init() {}

  deinit { words.deallocate() }

  /// Whether resolutions may use what is published; see `ContainerManager.publishReadiness`.
  var isReady: Bool { words.loadAcquiring(1) != 0 }

  func setReady(_ ready: Bool) {
    words.storeReleasing(ready ? 1 : 0, 1)
  }

  /// The slot of `key`, if it was ever stored: an unretained `Slot` address.
  @inline(__always)
  func slot(for key: FactoryKey) -> UnsafeRawPointer? {
    guard let buckets = AtomicWordBuffer(at: words.loadAcquiring(0)) else { return nil }
    // `LockFreeTable.find`'s probe, written out: a debug build calls each closure it would pass.
    let mask = Int(bitPattern: buckets.loadRelaxed(0))
    var index = key.hash & mask
    while let address = UnsafeRawPointer(bitPattern: buckets.loadAcquiring(1 + index)) {
      if Unmanaged<Slot>.fromOpaque(address)._withUnsafeGuaranteedRef({ $0.key == key }) {
        return address
      }
      index = (index + 1) & mask
    }
    return nil
  }

  /// The slot of `key`, retained, for writers.
  func storedSlot(for key: FactoryKey) -> Slot? {
    slot(for: key).map { Unmanaged<Slot>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Adds a new slot, whose key the index does not hold yet. Writers only.
  func insert(_ slot: Slot) {
    guard let current = tables.last, !current.isFull else {
      let table = LockFreeTable(size: max(16, (tables.last?.size ?? 8) * 2))
      tables.last?.forEachAddress { address in
        let old = Unmanaged<Slot>.fromOpaque(address).takeUnretainedValue()
        table.insert(old, hash: old.key.hash)
      }
      table.insert(slot, hash: slot.key.hash)
      tables.append(table)
      words.storeReleasing(table.buckets.address, 0)
      return
    }
    current.insert(slot, hash: slot.key.hash)
  }

  /// Published words taken out of reach, whose objects are released once no reader can still
  /// hold them.
  struct Retired {
    /// The first word, kept inline: most changes retire one word at most.
    private var first: UInt = 0
    private var more: [UInt] = []

    init() {}

    mutating func add(_ address: UInt) {
      guard address != 0 else { return }
      if first == 0 { first = address } else { more.append(address) }
    }

    /// Waits out the reads in progress, then releases, with what this thread's locked section
    /// dropped (`ResolutionState.releaseAfterLock`). Call it with no lock held: releasing may
    /// run deinitializers of user types.
    func release() {
      ResolutionState.releaseWhatLocksDropped()
      guard first != 0 else { return }
      ReadSections.waitForReaders()
      SlotSnapshot.release(first)
      // Asked first: an iterator over an empty array still costs a debug build its setup.
      if !more.isEmpty { for word in more { SlotSnapshot.release(word) } }
    }
  }
}

extension Slot {
  /// The current publication's address, or 0; sequentially consistent, for readers. Here, with
  /// the index that finds the slot, since it is all a lock-free reader runs of a slot.
  @inline(__always)
  func loadPublication() -> UInt {
    publication.loadSequentiallyConsistent()
  }
}

/// What a resolution may use about one key without taking a lock: the key's override, kept
/// instance and per-parameter instances as a writer left them under the lock, in one word.
///
/// A slot holds the word: the address of one retained object, with what the object is in its two
/// low bits (objects are aligned to 16 bytes): the override alone when nothing is kept, the kept
/// object alone when nothing is registered, the `ParameterTable` of a `.scopeOnParameters` factory
/// alone, or a `SlotSnapshot` holding more than one, so most keys publish an object they already
/// have. Writers replace the word whenever the slot changes, and release the old object only
/// after `ReadSections.waitForReaders()`; readers retain nothing but the value they return.
final class SlotSnapshot {
  /// The kept object (`keptObject`), retained by this publication, as a raw address.
  let boxAddress: UnsafeRawPointer?
  /// The `AnyAmendment`, retained by this publication, as a raw address.
  let amendmentAddress: UnsafeRawPointer?
  /// The `ParameterTable`, retained by this publication, as a raw address.
  let parametersAddress: UnsafeRawPointer?

  private init(box: AnyObject?, amendment: AnyAmendment?, parameters: ParameterTable?) {
    boxAddress = box.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    amendmentAddress = amendment.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    parametersAddress = parameters.map {
      UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque())
    }
  }

  deinit {
    for address in [boxAddress, amendmentAddress, parametersAddress] {
      if let address { Unmanaged<AnyObject>.fromOpaque(address).release() }
    }
  }

  /// What the low bits of a published word say its address is.
  private enum Tag: UInt {
    case snapshot = 0
    case amendment = 1
    case box = 2
    case parameters = 3
  }
  private static let tagMask: UInt = 0b11

  /// The word to publish for `slot`, with its object retained; 0 when the slot has nothing a
  /// lock-free resolution could use.
  static func retainedWord(for slot: Slot?) -> UInt {
    guard let slot else { return 0 }
    // Registering again, what tests do most, comes here every time: the common case first, in
    // the form that retains only what the word keeps.
    if slot.parameterSlots == nil {
      switch (slot.publishableBox, slot.amendment) {
      case (nil, nil): return 0
      case (let box?, nil): return word(retaining: box, .box)
      case (nil, let amendment?): return word(retaining: amendment, .amendment)
      case (let box?, let amendment?):
        return word(
          retaining: SlotSnapshot(box: box, amendment: amendment, parameters: nil), .snapshot)
      }
    }
    let parameters = slot.anyParameterSlots?.table
    switch (slot.publishableBox, slot.amendment, parameters) {
    case (nil, nil, nil): return 0
    case (nil, nil, let parameters?): return word(retaining: parameters, .parameters)
    case (let box, let amendment, let parameters):
      return word(
        retaining: SlotSnapshot(box: box, amendment: amendment, parameters: parameters),
        .snapshot)
    }
  }

  private static func word(retaining object: AnyObject, _ tag: Tag) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()) | tag.rawValue
  }

  /// Releases the object of a word that `retainedWord(for:)` made.
  static func release(_ word: UInt) {
    guard let address = UnsafeRawPointer(bitPattern: word & ~tagMask) else { return }
    Unmanaged<AnyObject>.fromOpaque(address).release()
  }

  /// A published word, read without retaining anything. Use it inside a read section.
  struct Reading {
    /// The kept object (`keptObject`), if any.
    let boxAddress: UnsafeRawPointer?
    /// The `AnyAmendment`, if any.
    let amendmentAddress: UnsafeRawPointer?
    /// The `ParameterTable`, if any.
    let parametersAddress: UnsafeRawPointer?

    /// Reads a nonzero word.
    @inline(__always)
    init(_ word: UInt) {
      let address = UnsafeRawPointer(bitPattern: word & ~SlotSnapshot.tagMask).unsafelyUnwrapped
      switch Tag(rawValue: word & SlotSnapshot.tagMask).unsafelyUnwrapped {
      case .amendment:
        (boxAddress, amendmentAddress, parametersAddress) = (nil, address, nil)
      case .box:
        (boxAddress, amendmentAddress, parametersAddress) = (address, nil, nil)
      case .parameters:
        (boxAddress, amendmentAddress, parametersAddress) = (nil, nil, address)
      case .snapshot:
        (boxAddress, amendmentAddress, parametersAddress) =
          Unmanaged<SlotSnapshot>.fromOpaque(address)._withUnsafeGuaranteedRef {
            ($0.boxAddress, $0.amendmentAddress, $0.parametersAddress)
          }
      }
    }

    /// The published override's `keeping` (nil: as declared), whether `register` made it,
    /// whether contexts pick its builder (its own, or a `.once()` declaration's that it drops),
    /// and whether it has a decorator; nil when no override is published.
    @inline(__always)
    var amendment:
      (keeping: Keeping?, isRegistered: Bool, picksByContext: Bool, hasDecorator: Bool)?
    {
      // `if let`, not `map`: a debug build calls the generic `map` with its metadata.
      guard let amendmentAddress else { return nil }
      return Unmanaged<AnyAmendment>.fromOpaque(amendmentAddress)._withUnsafeGuaranteedRef {
        ($0.keeping, $0.isRegistered, $0.hasContexts || $0.dropsDeclaredContexts, $0.hasDecorator)
      }
    }
  }
}

/// A hash table of object addresses that readers probe without a lock while one writer adds:
/// the slots of a `PublishedIndex`, and the per-argument instances of a `ParameterTable`.
///
/// Open addressing with linear probing; the table retains each object it holds. Word 0 of
/// `buckets` holds the mask, written before the table is published; bucket `i` is word `1 + i`.
/// Writers hold the owner's lock and only fill empty buckets, with a releasing store, so a reader
/// that loads an address sees the object complete. Nothing is removed in place: a replaced table,
/// which releases its objects with it, lives until no reader can hold it (`PublishedIndex` keeps
/// its old tables; a `ParameterTable` goes after `ReadSections.waitForReaders()`).
@usableFromInline
class LockFreeTable {
  /// The mask, then the buckets; published on its own by `PublishedIndex`, whose readers reach
  /// the words without the table object.
  @usableFromInline final let buckets: AtomicWordBuffer
  /// How many buckets; a power of two.
  final let size: Int
  /// How many buckets are filled; writers only.
  final private(set) var count = 0

  /// An empty table of `size` buckets, a power of two.
  init(size: Int) {
    buckets = AtomicWordBuffer(count: size + 1)
    self.size = size
    buckets.storeReleasing(UInt(size - 1), 0)
  }

  deinit {
    forEachAddress { Unmanaged<AnyObject>.fromOpaque($0).release() }
    buckets.deallocate()
  }

  /// Whether one more object would fill more than half the buckets.
  final var isFull: Bool { (count + 1) * 2 > size }

  /// Adds `object`, whose key hashes to `hash`, retaining it. Writers only, and only while the
  /// table is not full.
  final func insert(_ object: AnyObject, hash: Int) {
    let mask = size - 1
    var index = hash & mask
    while buckets.loadRelaxed(1 + index) != 0 { index = (index + 1) & mask }
    buckets.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), 1 + index)
    count += 1
  }

  /// Calls `body` with the address of every object, in bucket order. Writers only.
  final func forEachAddress(_ body: (UnsafeRawPointer) -> Void) {
    for index in 0..<size {
      if let address = UnsafeRawPointer(bitPattern: buckets.loadRelaxed(1 + index)) {
        body(address)
      }
    }
  }

  /// The first object of `buckets` whose key hashes to `hash` and that `matches`, or nil.
  /// Readers call it inside a read section (or holding the writers' lock).
  @inlinable
  @inline(__always)
  static func find(
    in buckets: AtomicWordBuffer, hash: Int, where matches: (UnsafeRawPointer) -> Bool
  ) -> UnsafeRawPointer? {
    let mask = Int(bitPattern: buckets.loadRelaxed(0))
    var index = hash & mask
    while let address = UnsafeRawPointer(bitPattern: buckets.loadAcquiring(1 + index)) {
      if matches(address) { return address }
      index = (index + 1) & mask
    }
    return nil
  }
}

/// Lets threads read published objects with no lock while writers replace them.
///
/// A reader holds a `ReadSection` for each lock-free read; beginning and ending it bump a counter
/// only its thread writes (odd while it reads), so readers never contend. A section holds no user
/// code and nothing that blocks, only loads and a retain of the value read. A writer that took a
/// published object out of reach calls `waitForReaders()` before releasing it, which returns once
/// every thread that was reading when the object was unpublished (and may hold it) has finished.
///
/// NB: why this is enough. `begin`'s store, the reader's load of a published address, the
/// writer's store that unpublishes it and the writer's loads of the counters are all
/// sequentially consistent, so either the reader's load comes after the unpublishing store (it
/// cannot see the old object) or the writer's load of the counter comes after `begin` (it sees
/// the odd value and waits). `end` is a release store that the writer's load acquires, so the
/// reader's retain of the value happens before the writer's release of the object.
enum ReadSections {
  /// Opens a lock-free read on the thread that owns `counter`; only `ReadSection` calls it.
  @inline(__always)
  fileprivate static func begin(_ counter: AtomicWordBuffer) {
    counter.storeSequentiallyConsistent(counter.loadRelaxed() &+ 1)
  }

  /// Closes the read opened by `begin`; only `ReadSection` calls it.
  @inline(__always)
  fileprivate static func end(_ counter: AtomicWordBuffer) {
    counter.storeReleasing(counter.loadRelaxed() &+ 1)
  }

  /// One registered thread: the identity of its `ResolutionState` and its counter, in a list
  /// that `readers` guards.
  private final class Reader: @unchecked Sendable {
    // NB: `@unchecked` is sound because `state` and `counter` are constants (the counter's word
    // is only touched atomically), and `next` is read and written only holding `readers`' lock.
    let state: ObjectIdentifier
    let counter: AtomicWordBuffer
    var next: Reader?

    init(state: ObjectIdentifier, counter: AtomicWordBuffer, next: Reader?) {
      self.state = state
      self.counter = counter
      self.next = next
    }
  }

  /// The registered threads, newest first, in a list of its own: with an array or a dictionary,
  /// the first registration would make their generic types from mangled names (an array of
  /// labeled tuples cost 60,000 instructions more, once per process), and a dictionary would first
  /// look through every protocol conformance for `ObjectIdentifier`'s `Hashable`.
  private static let readers = Locked<Reader?>(nil)

  /// How many threads are registered, so that a writer alone in the process skips the wait.
  private static let readerCount = AtomicWordBuffer(count: 1)

  static func register(_ counter: AtomicWordBuffer, for state: ObjectIdentifier) {
    readers.withLock { first in
      first = Reader(state: state, counter: counter, next: first)
      readerCount.storeSequentiallyConsistent(readerCount.loadRelaxed() + 1)
    }
  }

  static func unregister(_ state: ObjectIdentifier) {
    readers.withLock { first in
      var previous: Reader? = nil
      var reader = first
      while let current = reader, current.state != state {
        previous = current
        reader = current.next
      }
      guard let found = reader else { return }
      if let previous { previous.next = found.next } else { first = found.next }
      readerCount.storeSequentiallyConsistent(readerCount.loadRelaxed() - 1)
    }
  }

  /// Returns once every read that was in progress when this call began has ended.
  ///
  /// The caller must have unpublished (with a sequentially consistent store) whatever it will
  /// release: a read that starts later cannot find it. `readers`' lock is held meanwhile, so a
  /// thread cannot unregister, exit and free its counter while it is being watched.
  static func waitForReaders() {
    let me = currentResolutionState()._withUnsafeGuaranteedRef { $0.id }
    // The caller's state is registered, so a count of one is this thread alone. A thread that
    // registers after this load reads only after it, and so cannot see what was unpublished.
    if readerCount.loadSequentiallyConsistent() <= 1 { return }
    readers.withLock { first in
      var reader = first
      while let current = reader {
        reader = current.next
        guard current.state != me else { continue }
        let seen = current.counter.loadSequentiallyConsistent()
        guard seen & 1 == 1 else { continue }
        while current.counter.loadSequentiallyConsistent() == seen { sched_yield() }
      }
    }
  }
}

/// A lock-free read in progress on this thread: until it ends, no writer releases what the
/// thread may have loaded.
///
/// It cannot be copied, so it ends once: `end()` consumes it, and one that goes out of scope
/// without `end()` ends there. A section can be handed on (in a `LockFreeLookup`) but never left
/// open, which would make every writer wait forever.
@usableFromInline
struct ReadSection: ~Copyable {
  private let counter: AtomicWordBuffer

  /// Begins a read on the thread that owns `counter`, its `ResolutionState.readCounter`.
  @inline(__always)
  init(_ counter: AtomicWordBuffer) {
    self.counter = counter
    ReadSections.begin(counter)
  }

  /// Ends the read: writers may release what it loaded once its caller holds its own
  /// references.
  @usableFromInline
  @inline(__always)
  consuming func end() {
    ReadSections.end(counter)
    discard self
  }

  deinit { ReadSections.end(counter) }
}

/// The identity of one registration: the declaring container type, the produced type and a name.
///
/// The name is the property's `#function` or an explicit key. Names compare by content, not by
/// address, because the optimizer may copy a literal into another module when it inlines a
/// getter. The hash is not stored (see `hash`).
@usableFromInline
struct FactoryKey: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let containerType: ObjectIdentifier
  @usableFromInline let valueType: ObjectIdentifier
  @usableFromInline let name: StaticString

  @inlinable
  init(container: Any.Type, value: Any.Type, name: StaticString) {
    containerType = ObjectIdentifier(container)
    valueType = ObjectIdentifier(value)
    self.name = name
  }

  /// The key's hash, mixed from its types' addresses and a few bytes of its name.
  ///
  /// Computed, not stored: every `Factory` value carries a key, and 8 bytes more would take the
  /// value past the size the compiler copies inline (see `FactoryLayoutTests`). Always inlined,
  /// with `mix`: every lock-free lookup computes it once, and a call would cost as much as that.
  @inlinable
  @inline(__always)
  var hash: Int {
    let h =
      UInt(bitPattern: containerType.hashValueWithoutSeed)
      &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: valueType.hashValueWithoutSeed)
    return Int(bitPattern: FactoryKey.mix(h, name))
  }

  /// Folds the name's length and its first, middle and last bytes into `seed`: a few loads and
  /// no loop, since a key is made on every resolution. Names that agree on all four (rare among
  /// the factories of one container and type) still differ by content, at the cost of a probe.
  @inlinable
  @inline(__always)
  static func mix(_ seed: UInt, _ name: StaticString) -> UInt {
    var h = seed
    if name.hasPointerRepresentation {
      let count = name.utf8CodeUnitCount
      h ^= UInt(truncatingIfNeeded: count)
      if count > 0 {
        let start = name.utf8Start
        h ^= UInt(start[0]) << 8 | UInt(start[count / 2]) << 16 | UInt(start[count - 1]) << 24
      }
    } else {
      h = mixScalar(h, name.unicodeScalar)
    }
    h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
    return h ^ (h >> 32)
  }

  /// `mix` for a name that is one scalar, folded as its UTF-8 text is: `==` compares text, so a
  /// scalar name and the same text as a literal must hash alike.
  @usableFromInline
  @inline(never)
  static func mixScalar(_ seed: UInt, _ scalar: Unicode.Scalar) -> UInt {
    let utf8 = scalar.utf8
    let count = utf8.count
    var h = seed ^ UInt(truncatingIfNeeded: count)
    h ^= UInt(utf8[0]) << 8 | UInt(utf8[count / 2]) << 16 | UInt(utf8[count - 1]) << 24
    return h
  }

  @inlinable
  static func == (lhs: FactoryKey, rhs: FactoryKey) -> Bool {
    lhs.containerType == rhs.containerType && lhs.valueType == rhs.valueType
      && sameName(lhs.name, rhs.name)
  }

  /// Whether two names are the same text: at once when they are the same literal, which every
  /// resolution of one declaration passes; the text is compared out of line, so that each of
  /// the resolution's inlined cycle checks carries a call, not the loop (about 1.5 KB of machine
  /// code per declared factory).
  @inlinable
  @inline(__always)
  static func sameName(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
    if lhs.hasPointerRepresentation, rhs.hasPointerRepresentation, lhs.utf8Start == rhs.utf8Start {
      return lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount
    }
    return sameText(lhs, rhs)
  }

  /// `sameName` for two literals at different addresses, or a name that is one scalar.
  @usableFromInline
  @inline(never)
  static func sameText(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
    guard lhs.hasPointerRepresentation, rhs.hasPointerRepresentation else {
      return lhs.description == rhs.description
    }
    guard lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount else { return false }
    for index in 0..<lhs.utf8CodeUnitCount where lhs.utf8Start[index] != rhs.utf8Start[index] {
      return false
    }
    return true
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// `Container.api`: the container's type name and the factory's name, as users wrote them;
  /// `Services.resolve(Clock.self)` for what `Resolving` registers by type.
  @usableFromInline
  var description: String {
    guard FactoryKey.sameName(name, FactoryKey.registeredByType) else {
      return "\(containerTypeForDisplay).\(name)"
    }
    return "\(containerTypeForDisplay).resolve(\(unsafeBitCast(valueType, to: Any.Type.self)).self)"
  }

  /// The name of every factory that `Resolving` registers by type; the value's type tells them
  /// apart.
  static let registeredByType: StaticString = "(registered by type)"

  /// The container's type, for messages.
  ///
  /// NB: `ObjectIdentifier(_: Any.Type)` keeps the metatype's own pointer, so casting the bits
  /// back gives the same metatype; keys are made once per resolution and stored once per
  /// registration, so they carry no second copy of it.
  var containerTypeForDisplay: Any.Type {
    unsafeBitCast(containerType, to: Any.Type.self)
  }
}

extension FactoryKey {
  /// How app code reaches this factory: `Container.shared.api`.
  var registrationExample: String {
    containerTypeForDisplay is any SharedContainer.Type
      ? "\(containerTypeForDisplay).shared.\(name)" : "container.\(name)"
  }
}

extension ObjectIdentifier {
  /// The identifier's address bits, without the per-process seed `hashValue` mixes in.
  @inlinable
  var hashValueWithoutSeed: Int {
    Int(bitPattern: UInt(bitPattern: self))
  }
}
