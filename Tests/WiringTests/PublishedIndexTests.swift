import Testing

@testable import Wiring

/// The lock-free index of slots and their published words: slots stay reachable as it grows,
/// and what they publish lives exactly as long as it should.
@Suite struct PublishedIndexTests {
  final class Service {}

  /// Enough keys to make the index grow through several tables (16, 32, 64 buckets).
  static let keyCount = 40

  /// Publishes a kept box for each key in a slot of `table`; returns the boxes, held weakly by
  /// the caller.
  private static func publishBoxes(
    in table: inout SlotTable, for keys: [FactoryKey]
  ) -> [Box<Service>] {
    keys.map { key in
      let slot = table.slotCreating(key)
      let box = Box(Service())
      slot.instance = CachedInstance(box: box, scope: .cached)
      var retired = PublishedIndex.Retired()
      slot.republish(retiring: &retired)
      retired.release()
      return box
    }
  }

  @Test func everySlotIsFoundAfterTheIndexGrew() throws {
    let index = PublishedIndex()
    var table = SlotTable(index: index)
    let keys = FactoryKey.distinct(Self.keyCount)
    let boxes = Self.publishBoxes(in: &table, for: keys)
    for (key, box) in zip(keys, boxes) {
      let slot = try #require(index.slot(for: key))
      let word = Unmanaged<Slot>.fromOpaque(slot).takeUnretainedValue().loadPublication()
      let address = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
      #expect(SlotSnapshot.Reading(word).boxAddress == address)
    }
  }

  @Test func whatTheIndexPublishedIsFreedWithIt() throws {
    var index: PublishedIndex? = PublishedIndex()
    var table: SlotTable? = SlotTable(index: index!)
    let weakBoxes = Self.publishBoxes(in: &table!, for: FactoryKey.distinct(Self.keyCount))
      .map(WeakReference.init)
    // What the slots keep, apart from what they publish, goes with the table.
    for (_, slot) in table!.entries { slot.instance = nil }
    #expect(weakBoxes.allSatisfy { $0.object != nil })
    (index, table) = (nil, nil)
    #expect(weakBoxes.allSatisfy { $0.object == nil })
  }

  @Test func republishingRetiresEveryOldWord() throws {
    var table = SlotTable(index: PublishedIndex())
    let weakBoxes = Self.publishBoxes(in: &table, for: FactoryKey.distinct(Self.keyCount))
      .map(WeakReference.init)
    var retired = PublishedIndex.Retired()
    table.empty()
    table.republishAll(retiring: &retired)
    #expect(weakBoxes.allSatisfy { $0.object != nil }, "released before readers are waited out")
    retired.release()
    #expect(weakBoxes.allSatisfy { $0.object == nil })
  }
}

/// What lock-free resolutions read while other threads change the index, through the public API.
extension PublishedIndexTests {
  /// Threads that resolve kept instances without a lock keep finding their own, the same each
  /// time, while other threads add keys that grow the index through several tables and replace
  /// overrides of others, whose instances the readers see change but never to another key's.
  @Test func readersKeepFindingTheirInstancesWhileOtherThreadsGrowTheIndex() {
    let container = Container()
    let types = distinctTypes(256)
    let read = Array(types[0..<8])
    let overridden = Array(types[8..<16])
    let added = Array(types[16...])
    let expected = read.map { resolveTagged($0, in: container).identity }
    let wrong = Mutexed<[String]>([])
    let addersLeft = Mutexed(2)
    onThreads(6) { thread in
      switch thread {
      case 0, 1:
        // Each adds half of the new keys, and finds each one's instance again.
        for type in added.enumerated().filter({ $0.offset % 2 == thread }).map(\.element) {
          let first = resolveTagged(type, in: container)
          let again = resolveTagged(type, in: container)
          if !first.isOwnType || again.identity != first.identity {
            wrong.update { $0.append("added \(type)") }
          }
        }
        addersLeft.update { $0 -= 1 }
      case 2:
        for round in 0..<200 {
          let type = overridden[round % overridden.count]
          if !registerAndResolveTagged(type, in: container) {
            wrong.update { $0.append("overridden \(type)") }
          }
        }
      default:
        var rounds = 0
        while rounds < 50 || addersLeft.read({ $0 > 0 }) {
          for (type, identity) in zip(read, expected) {
            let found = resolveTagged(type, in: container)
            if !found.isOwnType || found.identity != identity {
              wrong.update { $0.append("read \(type) in round \(rounds)") }
            }
          }
          // An override being replaced: its instance changes, but is always one of its key's.
          let replaced = overridden[(rounds + thread) % overridden.count]
          if !resolveTagged(replaced, in: container).isOwnType {
            wrong.update { $0.append("read overridden \(replaced) in round \(rounds)") }
          }
          rounds += 1
        }
      }
    }
    #expect(wrong.read { $0 }.isEmpty)
    #expect(read.map { resolveTagged($0, in: container).identity } == expected)
  }
}

/// A class of its own for every type, so that an instance tells which key it was kept for.
private final class Tagged<T>: Sendable {}

extension Container {
  fileprivate func tagged<T>(_: T.Type) -> Factory<Tagged<T>> { self { Tagged<T>() }.cached }
}

/// Resolves `type`'s tagged factory: the instance's identity, and whether it is of its key's
/// type rather than another key's.
private func resolveTagged(
  _ type: Any.Type, in container: Container
) -> (identity: ObjectIdentifier, isOwnType: Bool) {
  func resolve<T>(_: T.Type) -> (ObjectIdentifier, Bool) {
    let instance = container.tagged(T.self)()
    return (ObjectIdentifier(instance), Swift.type(of: instance as AnyObject) == Tagged<T>.self)
  }
  return resolve(type)
}

/// Registers an override of `type`'s tagged factory and resolves it: whether the instance is of
/// the key's type.
private func registerAndResolveTagged(_ type: Any.Type, in container: Container) -> Bool {
  func registerAndResolve<T>(_: T.Type) -> Bool {
    container.tagged(T.self).register { Tagged<T>() }
    return Swift.type(of: container.tagged(T.self)() as AnyObject) == Tagged<T>.self
  }
  return registerAndResolve(type)
}

/// `count` distinct types: `Service`, `[Service]`, `[[Service]]`, and so on.
private func distinctTypes(_ count: Int) -> [Any.Type] {
  func nest<T>(_: T.Type) -> Any.Type { [T].self }
  var types: [Any.Type] = [PublishedIndexTests.Service.self]
  while let last = types.last, types.count < count { types.append(nest(last)) }
  return types
}

/// A weak reference to keep in an array.
private struct WeakReference {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

extension FactoryKey {
  /// `count` distinct keys of one container type and name, told apart by their value type.
  static func distinct(_ count: Int) -> [FactoryKey] {
    distinctTypes(count).map { FactoryKey(container: Container.self, value: $0, name: "service") }
  }
}
