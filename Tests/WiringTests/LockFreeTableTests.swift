import Testing

@testable import Wiring

/// The one lock-free table behind published keys and per-argument instances.
@Suite struct LockFreeTableTests {
  final class Named {
    let name: String
    init(_ name: String) { self.name = name }
  }

  func find(_ name: String, hash: Int, in table: LockFreeTable) -> Named? {
    let address = LockFreeTable.find(in: table.buckets, hash: hash) { address in
      Unmanaged<Named>.fromOpaque(address).takeUnretainedValue().name == name
    }
    return address.map { Unmanaged<Named>.fromOpaque($0).takeUnretainedValue() }
  }

  @Test func findsWhatWasInsertedPastCollisionsAndNothingElse() {
    let table = LockFreeTable(size: 8)
    // Every hash lands in bucket 3 or just after it: a probe must walk past the others.
    for name in ["a", "b", "c"] { table.insert(Named(name), hash: 3) }
    #expect(find("c", hash: 3, in: table)?.name == "c")
    #expect(find("a", hash: 11, in: table)?.name == "a")
    #expect(find("d", hash: 3, in: table) == nil)
    #expect(table.count == 3)
  }

  @Test func isFullOnceOneMoreWouldFillMoreThanHalf() {
    let table = LockFreeTable(size: 8)
    for index in 0..<3 { table.insert(Named("\(index)"), hash: index) }
    #expect(!table.isFull)
    table.insert(Named("3"), hash: 3)
    #expect(table.isFull)
  }

  @Test func releasesWhatItHeldWhenItGoes() {
    var table: LockFreeTable? = LockFreeTable(size: 8)
    weak var held: Named?
    do {
      let named = Named("kept")
      held = named
      table?.insert(named, hash: 1)
    }
    #expect(held != nil)
    table = nil
    #expect(held == nil)
  }
}
