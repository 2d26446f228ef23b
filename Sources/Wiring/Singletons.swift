/// The singleton store that resolutions on this task use.
enum Singletons {
  /// The process-wide store and its index.
  ///
  /// NB: the index sits in the constant directly, so that reading it retains nothing.
  private static let processWideParts: (store: SingletonStore, index: PublishedIndex) = {
    let store = SingletonStore()
    return (store, store.index)
  }()

  static var processWide: SingletonStore { processWideParts.store }

  /// Notes that an isolation exists, before any task can carry it.
  ///
  /// Until then no task can carry one, so the store is the process-wide one without reading
  /// the task-local: an app that never isolates never pays for it. `ProcessWord.singletonIndex`
  /// says which: 0 before anything was resolved, the process-wide index's address once a
  /// resolution needed it, 1 for good once the process made an isolation.
  static func noteIsolation() {
    // NB: after this store no exchange from 0 can succeed, so every later load reads 1.
    ProcessWord.singletonIndex.storeSequentiallyConsistent(1)
  }

  /// The current isolation's store, or the process-wide one.
  ///
  /// NB: this is the only task-local read singletons add, only paths that touch a singleton
  /// reach it, and only once an isolation was made.
  static var current: SingletonStore {
    if ProcessWord.singletonIndex.loadRelaxed() != 1 { return processWideParts.store }
    return Isolation.current?.singletons ?? processWide
  }

  /// Runs `body` with the current store's index, without retaining the process-wide one: the
  /// lock-free path for singletons goes through here.
  ///
  /// NB: the word is read with one load, not through `processWideParts`, which would call
  /// `swift_once`. The address stays valid because `processWideParts` keeps the index for the
  /// life of the process, and the acquiring load that reads it is ordered after the releasing
  /// exchange that stored it, which came after the index was made.
  @inline(__always)
  static func withIndex<R>(_ body: (PublishedIndex) -> R) -> R {
    let word = ProcessWord.singletonIndex.loadAcquiring()
    if word > 1, let address = UnsafeRawPointer(bitPattern: word) {
      return Unmanaged<PublishedIndex>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }
    if word == 0 {
      let index = processWideParts.index
      _ = ProcessWord.singletonIndex.compareExchange(
        expected: 0, desired: UInt(bitPattern: Unmanaged.passUnretained(index).toOpaque()))
      return body(index)
    }
    return body((Isolation.current?.singletons ?? processWide).index)
  }

  static func resetAll() {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      slots.empty()
      slots.republishAll(retiring: &retired)
    }
    retired.release()
  }

  /// Drops the singleton of one key, after it was registered or reset.
  static func drop(_ key: FactoryKey) {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      guard let slot = slots.slot(for: key) else { return }
      slot.dropInstances()
      slot.republish(retiring: &retired)
    }
    retired.release()
  }
}

/// Where `.singleton` instances live: one store per process, or one per isolated test.
///
/// Production code only ever sees the process-wide store. Code running inside an isolation (the
/// `WiringTesting` traits and helpers) sees the store of that isolation instead, so a singleton
/// built by one test is never seen by another, while it is still shared within the test.
final class SingletonStore: Sendable {
  /// What resolutions may use without the lock; changed only under `slots`' lock.
  let index = PublishedIndex()
  let slots: Locked<SlotTable>

  init() { slots = Locked(SlotTable(index: index)) }
}
