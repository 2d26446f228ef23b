/// An open-addressing hash table from factory keys to slots.
///
/// Keys carry their hash, so a lookup is one mask, a short linear probe and one key compare,
/// with no `Hasher` round and no allocation. Each slot reaches its key through its entry in the
/// published index, so the key is stored once and the table is one reference per bucket. The
/// table only grows; `reset` empties slots in place or replaces the whole table.
@usableFromInline
struct SlotTable: @unchecked Sendable {
  // NB: `@unchecked` because a `Slot` is a mutable class. A table lives only inside a
  // `Locked` (a container's registry, a singleton store), and its slots are read and changed
  // only under that lock; what leaves the lock is a published snapshot, never a slot. The kept
  // instances in the slots are handed to every thread that resolves their factory: sharing one
  // instance is what a cached, shared or singleton scope asks for, as in Factory, which does
  // not require `Sendable` of what it builds either.
  private var slots: [Slot?]
  private var mask: Int
  /// The index whose entries the slots share: the storage's own, changed under the same lock.
  private let index: PublishedIndex
  /// How many keys are stored.
  private(set) var count = 0

  init(index: PublishedIndex, capacity: Int = 16) {
    self.index = index
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: nil, count: size)
    mask = size - 1
  }

  /// The slot for `key`, or nil when the key was never stored.
  @usableFromInline
  func slot(for key: FactoryKey) -> Slot? {
    var index = key.hash & mask
    while let stored = slots[index] {
      if stored.key == key { return stored }
      index = (index + 1) & mask
    }
    return nil
  }

  /// The slot for `key`, created empty when missing.
  @usableFromInline
  mutating func slotCreating(_ key: FactoryKey) -> Slot {
    if let slot = slot(for: key) { return slot }
    if (count + 1) * 2 > slots.count { grow() }
    let slot = Slot(entry: index.entry(creating: key))
    insert(slot)
    return slot
  }

  /// Every stored key and slot, in table order.
  var entries: [(key: FactoryKey, slot: Slot)] {
    slots.compactMap { slot in slot.map { ($0.key, $0) } }
  }

  /// A copy whose slots are snapshots, for `push`.
  func snapshot() -> SlotTable {
    var copy = self
    copy.slots = slots.map { $0?.snapshot() }
    return copy
  }

  private mutating func insert(_ slot: Slot) {
    var index = slot.key.hash & mask
    while slots[index] != nil { index = (index + 1) & mask }
    slots[index] = slot
    count += 1
  }

  private mutating func grow() {
    let old = slots
    let size = slots.count * 2
    slots = Array(repeating: nil, count: size)
    mask = size - 1
    count = 0
    for case let slot? in old { insert(slot) }
  }
}
