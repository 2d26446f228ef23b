import Synchronization

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

/// The singleton store that resolutions on this task use.
enum SingletonStorage {
  /// The process-wide store, its index, and a word that is 1 once this process made an
  /// isolation. Until then no task can carry one, so the store is the process-wide one without
  /// reading the task-local: an app that never isolates never pays for it.
  ///
  /// NB: one constant holds all three so that the lock-free path checks one lazy global, and
  /// the index sits in it directly so that reading it retains nothing, as before isolations.
  private static let processWideAndFlag: (
    store: SingletonStore, index: PublishedIndex, isolated: AtomicWords
  ) = {
    let store = SingletonStore()
    return (store, store.index, AtomicWords(count: 1))
  }()

  static var processWide: SingletonStore { processWideAndFlag.store }

  #if !canImport(Darwin) && !WIRING_WITHOUT_ATOMICS
  /// The process-wide index's address once a resolution needed it, while the process has made
  /// no isolation; 1 for good once it has; 0 before either.
  ///
  /// NB: an `Atomic` with a constant initial value is initialized statically, so the lock-free
  /// path reads it with one load instead of calling `swift_once` for `processWideAndFlag`. The
  /// address stays valid because `processWideAndFlag` keeps the index for the life of the
  /// process, and the acquiring load that reads it is ordered after the releasing exchange that
  /// stored it, which came after the index was made. Apple systems before macOS 15 have no
  /// `Atomic`, so Apple systems keep reading `processWideAndFlag`.
  private static let fastIndex = Atomic<UInt>(0)
  #endif

  /// Notes that an isolation exists, before any task can carry it.
  static func noteIsolation() {
    processWideAndFlag.isolated.storeSequentiallyConsistent(1)
    #if !canImport(Darwin) && !WIRING_WITHOUT_ATOMICS
    // NB: after this store no exchange from 0 can succeed, so every later load reads 1.
    fastIndex.store(1, ordering: .sequentiallyConsistent)
    #endif
  }

  /// The current isolation's store, or the process-wide one.
  ///
  /// NB: this is the only task-local read singletons add, only paths that touch a singleton
  /// reach it, and only once an isolation was made. Where atomics are missing the word reads 0,
  /// so the task-local is read every time instead.
  static var current: SingletonStore {
    if AtomicWords.isSupported, processWideAndFlag.isolated.loadRelaxed() == 0 {
      return processWideAndFlag.store
    }
    return Isolation.current?.singletons ?? processWide
  }

  /// Runs `body` with the current store's index, without retaining the process-wide one: the
  /// lock-free path for singletons goes through here.
  @inline(__always)
  static func withIndex<R>(_ body: (PublishedIndex) -> R) -> R {
    #if !canImport(Darwin) && !WIRING_WITHOUT_ATOMICS
    let word = fastIndex.load(ordering: .acquiring)
    if word > 1, let address = UnsafeRawPointer(bitPattern: word) {
      return Unmanaged<PublishedIndex>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }
    #endif
    if AtomicWords.isSupported, processWideAndFlag.isolated.loadRelaxed() == 0 {
      #if !canImport(Darwin) && !WIRING_WITHOUT_ATOMICS
      if word == 0 {
        let index = Unmanaged.passUnretained(processWideAndFlag.index).toOpaque()
        _ = fastIndex.compareExchange(
          expected: 0, desired: UInt(bitPattern: index), ordering: .releasing)
      }
      #endif
      return body(processWideAndFlag.index)
    }
    return body((Isolation.current?.singletons ?? processWide).index)
  }

  static func resetAll() {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      slots = SlotTable(index: store.index)
      store.index.republishAll(retiring: &retired) { _ in 0 }
    }
    retired.release()
  }

  /// Drops the singleton of one key, after it was registered or reset.
  static func drop(_ key: FactoryKey) {
    let store = current
    var retired = PublishedIndex.Retired()
    store.slots.withLock { slots in
      slots.slot(for: key)?.dropInstances()
      store.index.publish(0, for: key, retiring: &retired)
    }
    retired.release()
  }
}
