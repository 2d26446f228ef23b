/// Where `.singleton` instances live: one store per process, or one per isolated test.
///
/// Production code only ever sees the process-wide store. Code running inside an isolation (the
/// `WiringTesting` traits and helpers) sees the store of that isolation instead, so a singleton
/// built by one test is never seen by another, while it is still shared within the test.
final class SingletonStore: Sendable {
  let slots = Locked(SlotTable())
  /// What resolutions may use without the lock; changed only under `slots`' lock.
  let index = PublishedIndex()
}

/// The singleton store that resolutions on this task use.
enum SingletonStorage {
  static let processWide = SingletonStore()

  /// The current isolation's store, or the process-wide one.
  ///
  /// NB: this is the only task-local read singletons add, and only paths that touch a singleton
  /// reach it; unique and cached resolutions never do.
  static var current: SingletonStore {
    Isolation.current?.singletons ?? processWide
  }

  static var slots: Locked<SlotTable> { current.slots }
  static var index: PublishedIndex { current.index }

  static func resetAll() {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      slots = SlotTable()
      store.index.republishAll(retiring: &retired) { _ in nil }
    }
    retired.release()
  }

  /// Drops the singleton of one key, after it was registered or reset.
  static func drop(_ key: FactoryKey) {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      slots.slot(for: key)?.dropInstances()
      store.index.publish(nil, for: key, retiring: &retired)
    }
    retired.release()
  }
}
