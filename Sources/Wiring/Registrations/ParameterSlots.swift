/// Per-parameter slots for a `.scopeOnParameters` factory, and the table that publishes their
/// kept instances to resolutions that take no lock.
///
/// Changed only under the lock of the storage that holds the factory's slot, like the slot.
final class ParameterSlots<P: Hashable>: AnyParameterSlots {
  /// The factory's entry, which every per-parameter slot shares.
  let entry: PublishedIndex.Entry
  var slots: [P: Slot] = [:]
  /// The kept instances as the factory's published word shows them, or nil when none is.
  private(set) var table: ParameterTable?

  init(entry: PublishedIndex.Entry) { self.entry = entry }

  func slot(for parameter: P) -> Slot {
    if let slot = slots[parameter] { return slot }
    let slot = Slot(entry: entry)
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
    let copy = ParameterSlots<P>(entry: entry)
    copy.slots = slots.mapValues { $0.snapshot() }
    copy.table = copy.makeTable()
    return copy
  }

  func dropInstances(of scope: Scope.Kind?) {
    for slot in slots.values { slot.dropInstances(of: scope) }
    table = makeTable()
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
}
