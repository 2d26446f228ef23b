import Testing

@testable import Wiring

/// The lock-free index of published words: entries stay reachable as it grows, and what it
/// publishes lives exactly as long as it should.
@Suite struct PublishedIndexTests {
  final class Service {}

  /// Enough keys to make the index grow through several tables (16, 32, 64 buckets).
  static let keyCount = 40

  /// Publishes a kept box for each key; returns the boxes, held weakly by the caller.
  private static func publishBoxes(
    in index: PublishedIndex, for keys: [FactoryKey]
  ) -> [Box<Service>] {
    keys.map { key in
      let slot = Slot(entry: index.entry(creating: key))
      let box = Box(Service())
      slot.instance = CachedInstance(box: box, scope: .cached, expiry: .infinity)
      var retired = PublishedIndex.Retired()
      index.publish(SlotSnapshot.retainedWord(for: slot), for: key, retiring: &retired)
      retired.release()
      return box
    }
  }

  @Test func everyEntryIsFoundAfterTheIndexGrew() throws {
    let index = PublishedIndex()
    let keys = FactoryKey.distinct(Self.keyCount)
    let boxes = Self.publishBoxes(in: index, for: keys)
    for (key, box) in zip(keys, boxes) {
      let entry = try #require(index.entry(for: key))
      let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)
        .takeUnretainedValue().loadPublication()
      let address = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
      #expect(SlotSnapshot.Reading(word).boxAddress == address)
    }
  }

  @Test func whatTheIndexPublishedIsFreedWithIt() throws {
    var index: PublishedIndex? = PublishedIndex()
    let weakBoxes = Self.publishBoxes(in: index!, for: FactoryKey.distinct(Self.keyCount))
      .map(WeakReference.init)
    #expect(weakBoxes.allSatisfy { $0.object != nil })
    index = nil
    #expect(weakBoxes.allSatisfy { $0.object == nil })
  }

  @Test func republishingRetiresEveryOldWord() throws {
    let index = PublishedIndex()
    let weakBoxes = Self.publishBoxes(in: index, for: FactoryKey.distinct(Self.keyCount))
      .map(WeakReference.init)
    var retired = PublishedIndex.Retired()
    index.republishAll(retiring: &retired) { _ in 0 }
    #expect(weakBoxes.allSatisfy { $0.object != nil }, "released before readers are waited out")
    retired.release()
    #expect(weakBoxes.allSatisfy { $0.object == nil })
  }
}

/// A weak reference to keep in an array.
private struct WeakReference {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

extension FactoryKey {
  /// `count` distinct keys of one container type and name, told apart by their value type.
  static func distinct(_ count: Int) -> [FactoryKey] {
    var types: [Any.Type] = [PublishedIndexTests.Service.self]
    while types.count < count { types.append(nested(types[types.count - 1])) }
    return types.map { FactoryKey(container: Container.self, value: $0, name: "service") }
  }

  private static func nested(_ type: Any.Type) -> Any.Type {
    func nest<T>(_: T.Type) -> Any.Type { [T].self }
    return nest(type)
  }
}
