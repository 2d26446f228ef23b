import Testing

@testable import Wiring

/// The table of a container's slots: each key has one slot, found again whether the table
/// searches its few slots in turn or through its index, before and after the index grows.
@Suite struct SlotTableTests {
  /// Counts on either side of the linear search's limit and of several index sizes.
  static let counts = [1, SlotTable.linearLimit, SlotTable.linearLimit + 1, 17, 40, 130]

  @Test(arguments: counts)
  func everyKeyFindsTheSlotMadeForIt(count: Int) {
    var table = SlotTable(index: PublishedIndex())
    let keys = FactoryKey.distinct(count + 1)
    let stored = keys.dropLast().map { table.slotCreating($0) }
    #expect(table.count == count)
    for (key, slot) in zip(keys, stored) {
      #expect(table.slot(for: key) === slot)
      #expect(table.slotCreating(key) === slot)
    }
    #expect(table.count == count)
    #expect(table.slot(for: keys[count]) == nil)
  }

  @Test(arguments: counts)
  func entriesComeInTheOrderKeysWereFirstStored(count: Int) {
    var table = SlotTable(index: PublishedIndex())
    let keys = FactoryKey.distinct(count).reversed()
    for key in keys { _ = table.slotCreating(key) }
    #expect(table.entries.map(\.key) == Array(keys))
    #expect(table.entries.allSatisfy { $0.slot.key == $0.key })
  }

  @Test(arguments: counts)
  func aSnapshotFindsItsOwnCopyOfEachSlot(count: Int) {
    var table = SlotTable(index: PublishedIndex())
    let keys = FactoryKey.distinct(count)
    let stored = keys.map { table.slotCreating($0) }
    let snapshot = table.snapshot()
    for (key, slot) in zip(keys, stored) {
      let copy = snapshot.slot(for: key)
      #expect(copy != nil)
      #expect(copy !== slot)
      #expect(copy?.key == key)
      #expect(table.slot(for: key) === slot)
    }
  }
}
