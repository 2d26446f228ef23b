import Testing

@testable import Wiring

/// The table of a container's slots: each key has one slot, found through the published index
/// before and after it grows, and `push` and `pop` save and restore the slots in place.
@Suite struct SlotTableTests {
  /// Counts on either side of several index sizes (16, 32, 64, 256 buckets, half full at most).
  static let counts = [1, 8, 9, 17, 40, 130]

  final class Service {}

  @Test(arguments: counts)
  func everyKeyFindsTheSlotMadeForIt(count: Int) {
    var table = SlotTable(index: PublishedIndex())
    let keys = FactoryKey.distinct(count + 1)
    let stored = keys.dropLast().map { table.slotCreating($0) }
    for (key, slot) in zip(keys, stored) {
      #expect(table.slot(for: key) === slot)
      #expect(table.slotCreating(key) === slot)
    }
    #expect(table.entries.count == count)
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
  func restoringPutsBackWhatWasSavedInTheSameSlotsAndEmptiesSlotsMadeSince(count: Int) {
    var table = SlotTable(index: PublishedIndex())
    let keys = FactoryKey.distinct(count + 1)
    let stored = keys.dropLast().map { table.slotCreating($0) }
    let savedBoxes = stored.map { slot in
      let box = Box(Service())
      slot.instance = CachedInstance(box: box, scope: .cached)
      return box
    }
    let saved = table.saved()
    for slot in stored { slot.dropInstances() }
    let later = table.slotCreating(keys[count])
    later.instance = CachedInstance(box: Box(Service()), scope: .cached)
    let generations = (stored + [later]).map(\.generation)

    table.restore(saved)

    for (position, key) in keys.dropLast().enumerated() {
      let slot = table.slot(for: key)
      #expect(slot === stored[position])
      #expect(slot?.instance?.box === savedBoxes[position])
    }
    #expect(table.slot(for: keys[count]) === later)
    #expect(later.instance == nil)
    // A build that started before the restore is not kept.
    #expect(zip(stored + [later], generations).allSatisfy { $0.generation != $1 })
    ResolutionState.releaseWhatLocksDropped()
  }
}
