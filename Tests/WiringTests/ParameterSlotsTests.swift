import Testing

@testable import Wiring

/// Per-parameter slots and the table through which lock-free resolutions find their instances.
@Suite struct ParameterSlotsTests {
  final class Service {}

  /// A parameter whose values all hash alike, so that lookups must probe and compare.
  struct Colliding: Hashable {
    let id: Int
    func hash(into hasher: inout Hasher) {}
  }

  private let key = FactoryKey(container: Container.self, value: Service.self, name: "service")

  /// Keeps a new instance for `parameter` and publishes it as a build would.
  @discardableResult
  private func keep<P: Hashable>(
    _ parameter: P, in slots: ParameterSlots<P>, scope: Scope = .cached
  ) -> (box: Box<Service>, replacedTable: Bool) {
    let slot = slots.slot(for: parameter)
    let box = Box(Service())
    slot.instance = CachedInstance(box: box, scope: scope)
    let replaced = withUnsafePointer(to: parameter) {
      slots.publish(box, keptIn: slot, parameter: $0, type: P.self)
    }
    return (box, replaced)
  }

  private func found<P: Hashable>(_ parameter: P, in slots: ParameterSlots<P>) -> AnyObject? {
    guard let address = slots.table?.boxAddress(for: parameter) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
  }

  @Test func eachParameterFindsItsOwnInstance() {
    let slots = ParameterSlots<Int>(key: key)
    let boxes = (0..<100).map { keep($0, in: slots).box }
    for (parameter, box) in boxes.enumerated() {
      #expect(found(parameter, in: slots) === box)
    }
    #expect(found(100, in: slots) == nil)
  }

  @Test func theTableIsReplacedOnlyWhenItFillsUp() {
    let slots = ParameterSlots<Int>(key: key)
    let replacements = (0..<64).filter { keep($0, in: slots).replacedTable }
    // Made for the first, then doubled: replaced a logarithmic number of times, not each time.
    #expect(replacements.first == 0)
    #expect(replacements.count <= 4)
    #expect(found(63, in: slots) != nil)
  }

  @Test func parametersThatHashAlikeAreToldApartByEquality() {
    let slots = ParameterSlots<Colliding>(key: key)
    let boxes = (0..<10).map { keep(Colliding(id: $0), in: slots).box }
    for (id, box) in boxes.enumerated() {
      #expect(found(Colliding(id: id), in: slots) === box)
    }
    #expect(found(Colliding(id: 10), in: slots) == nil)
  }

  @Test func aReaderOfAnotherParameterTypeFindsNothing() {
    let slots = ParameterSlots<Int>(key: key)
    keep(1, in: slots)
    #expect(slots.table?.boxAddress(for: 1 as Int) != nil)
    #expect(slots.table?.boxAddress(for: "1") == nil)
    #expect(slots.table?.boxAddress(for: 1 as Int64) == nil)
  }

  @Test func aBuildForAnotherParameterTypeIsNotPublished() {
    let slots = ParameterSlots<Int>(key: key)
    let slot = slots.slot(for: 1)
    slot.instance = CachedInstance(box: Box(Service()), scope: .cached)
    let replaced = withUnsafePointer(to: "1") {
      slots.publish(slot.publishableBox!, keptIn: slot, parameter: $0, type: String.self)
    }
    #expect(!replaced)
    #expect(slots.table == nil)
  }

  @Test func droppingAScopeUnpublishesOnlyItsInstances() {
    let slots = ParameterSlots<Int>(key: key)
    keep(1, in: slots, scope: .cached)
    let custom = keep(2, in: slots, scope: Scope.custom("session")).box
    slots.dropInstances(of: .cached)
    #expect(found(1, in: slots) == nil)
    #expect(found(2, in: slots) === custom)
    slots.dropInstances(of: nil)
    #expect(slots.table == nil)
  }

  @Test func aSnapshotPublishesTheSameInstancesInATableOfItsOwn() throws {
    let slots = ParameterSlots<Int>(key: key)
    let one = keep(1, in: slots).box
    let copy = try #require(slots.snapshot() as? ParameterSlots<Int>)
    #expect(copy.table != nil)
    #expect(copy.table !== slots.table)
    #expect(found(1, in: copy) === one)
    keep(2, in: slots)
    #expect(found(2, in: copy) == nil)
  }

  @Test func droppingEveryInstanceLetsGoOfThemOnceTheLockIsLeft() {
    weak var box: Box<Service>?
    let slots = ParameterSlots<Int>(key: key)
    box = keep(1, in: slots).box
    #expect(box != nil)
    slots.dropInstances(of: nil)
    // What a locked section drops waits for the section's end, as every caller's retire list
    // marks it, so that no deinitializer runs under the lock.
    #expect(box != nil)
    PublishedIndex.Retired().release()
    #expect(box == nil)
  }
}
