internal import CWiringAtomics

#if !canImport(Darwin) && !WIRING_APPLE_LAYOUT
// Public: `loadAcquiring` is inlined into the lazy wrappers' users, where it reads the `Atomic`.
public import Synchronization
#endif

/// Machine words that threads read and write without a lock, for the lock-free read paths.
///
/// They live in memory of their own and are reached only through the atomic operations of
/// `CWiringAtomics`, which every supported system has, unlike `Atomic` (see `AtomicWord`).
@usableFromInline
struct AtomicWordBuffer: @unchecked Sendable {
  // NB: `@unchecked` is sound because the memory behind `base` is only ever read and written
  // through atomic operations; the pointer itself never changes.
  private let base: UnsafeMutablePointer<UInt>

  /// Allocates `count` words, all 0; pair with `deallocate`.
  init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: 0, count: count)
  }

  /// Allocates one word, 0, alone on its cache line, so that other threads' writes nearby never
  /// take the line away from the thread that owns the word; pair with `deallocate`.
  static func aloneOnCacheLine() -> AtomicWordBuffer {
    // 128 bytes: a cache line, and the neighbour some processors fetch along with it.
    let raw = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
    return AtomicWordBuffer(base: raw.initializeMemory(as: UInt.self, repeating: 0, count: 1))
  }

  private init(base: UnsafeMutablePointer<UInt>) { self.base = base }

  /// The words at `address`, as published by another `AtomicWordBuffer`; nil for 0.
  init?(at address: UInt) {
    guard let base = UnsafeMutablePointer<UInt>(bitPattern: address) else { return nil }
    self.base = base
  }

  /// The address of the words, to publish in another word.
  var address: UInt { UInt(bitPattern: base) }

  /// Frees the words; nothing may use them afterwards.
  func deallocate() {
    base.deallocate()
  }

  /// Reads a word, ordered after the release store that wrote it.
  @usableFromInline
  @inline(__always)
  func loadAcquiring(_ index: Int = 0) -> UInt {
    wiring_load_acquire(base + index)
  }

  /// Reads a word in the single total order of sequentially consistent operations.
  @inline(__always)
  func loadSequentiallyConsistent(_ index: Int = 0) -> UInt {
    wiring_load_seq_cst(base + index)
  }

  /// Reads a word with no ordering: what only this thread writes, or a hint to check further.
  @usableFromInline
  @inline(__always)
  func loadRelaxed(_ index: Int = 0) -> UInt {
    wiring_load_relaxed(base + index)
  }

  /// Writes a word, making every earlier write visible to a thread that acquires it.
  @inline(__always)
  func storeReleasing(_ value: UInt, _ index: Int = 0) {
    wiring_store_release(base + index, value)
  }

  /// Writes a word in the single total order of sequentially consistent operations.
  @inline(__always)
  func storeSequentiallyConsistent(_ value: UInt, _ index: Int = 0) {
    wiring_store_seq_cst(base + index, value)
  }

  /// Replaces a word that holds `expected` with `desired`, acquiring what it reads and releasing
  /// what it writes; returns whether it did and what the word held.
  @inline(__always)
  func compareExchange(
    expected: UInt, desired: UInt, _ index: Int = 0
  ) -> (exchanged: Bool, original: UInt) {
    AtomicWordBuffer.compareExchange(base + index, expected: expected, desired: desired)
  }

  /// Replaces a word and returns what it held, acquiring and releasing.
  @inline(__always)
  func exchangeAcquiringAndReleasing(_ value: UInt, _ index: Int = 0) -> UInt {
    wiring_exchange_acq_rel(base + index, value)
  }

  /// Replaces a word and returns what it held, sequentially consistent.
  @inline(__always)
  func exchange(_ value: UInt, _ index: Int = 0) -> UInt {
    wiring_exchange_seq_cst(base + index, value)
  }

  /// `compareExchange` on any word, a process-wide one included.
  @inline(__always)
  static func compareExchange(
    _ word: UnsafeMutablePointer<UInt>, expected: UInt, desired: UInt
  ) -> (exchanged: Bool, original: UInt) {
    var seen = expected
    let exchanged = wiring_compare_exchange_acq_rel(word, &seen, desired)
    return (exchanged, seen)
  }
}

/// One word that threads read and write without a lock, kept in the object that owns it where
/// the system allows.
///
/// On Linux it is an `Atomic`, inline. A type that runs on Apple systems before macOS 15 and
/// iOS 18 cannot store an `Atomic`, so there it is one of `AtomicWordBuffer`: one more load to reach
/// it. Builds with `WIRING_APPLE_LAYOUT` take Apple's layout anywhere, so that Linux tests it.
/// The two layouts differ only here, and have the same operations with the orderings of
/// `AtomicWordBuffer`: `compareExchange` acquires and releases, `exchange` is sequentially consistent.
#if canImport(Darwin) || WIRING_APPLE_LAYOUT
@usableFromInline
struct AtomicWord: ~Copyable {
  @usableFromInline let words = AtomicWordBuffer(count: 1)

  deinit { words.deallocate() }

  init() {}

  @inlinable
  @inline(__always)
  func loadAcquiring() -> UInt { words.loadAcquiring() }

  @inline(__always)
  func loadSequentiallyConsistent() -> UInt { words.loadSequentiallyConsistent() }

  @inline(__always)
  func storeReleasing(_ value: UInt) { words.storeReleasing(value) }

  @inline(__always)
  func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
    words.compareExchange(expected: expected, desired: desired)
  }

  @inline(__always)
  func exchangeAcquiringAndReleasing(_ value: UInt) -> UInt {
    words.exchangeAcquiringAndReleasing(value)
  }

  @inline(__always)
  func exchange(_ value: UInt) -> UInt { words.exchange(value) }
}
#else
@usableFromInline
typealias AtomicWord = Atomic<UInt>

extension Atomic where Value == UInt {
  init() { self.init(0) }

  @inlinable
  @inline(__always)
  func loadAcquiring() -> UInt { load(ordering: .acquiring) }

  @inline(__always)
  func loadSequentiallyConsistent() -> UInt { load(ordering: .sequentiallyConsistent) }

  @inline(__always)
  func storeReleasing(_ value: UInt) { store(value, ordering: .releasing) }

  @inline(__always)
  func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
    compareExchange(expected: expected, desired: desired, ordering: .acquiringAndReleasing)
  }

  @inline(__always)
  func exchangeAcquiringAndReleasing(_ value: UInt) -> UInt {
    exchange(value, ordering: .acquiringAndReleasing)
  }

  @inline(__always)
  func exchange(_ value: UInt) -> UInt { exchange(value, ordering: .sequentiallyConsistent) }
}
#endif

/// A word the whole process shares, in static storage: 0 when the program starts, and read with
/// no lazy initialization, which a global `AtomicWordBuffer` would cost on every read.
struct ProcessWord {
  private let address: UnsafeMutablePointer<UInt>

  /// How many strict or fakes-only tests are running, whose checks look at resolutions.
  static var checkedTests: ProcessWord { ProcessWord(address: wiring_strict_tests_word()) }

  /// The process-wide singleton index's address, or 1 once the process made an isolation.
  static var singletonIndex: ProcessWord { ProcessWord(address: wiring_singleton_index_word()) }

  /// How many objects wait, on any thread, to be released after a container's lock is left.
  static var releasedAfterLock: ProcessWord {
    ProcessWord(address: wiring_released_after_lock_word())
  }

  /// Reads the word with no ordering.
  @inline(__always)
  func loadRelaxed() -> UInt { wiring_load_relaxed(address) }

  /// Reads the word, ordered after the release that wrote it.
  @inline(__always)
  func loadAcquiring() -> UInt { wiring_load_acquire(address) }

  /// Writes the word in the single total order of sequentially consistent operations.
  @inline(__always)
  func storeSequentiallyConsistent(_ value: UInt) { wiring_store_seq_cst(address, value) }

  /// `AtomicWordBuffer.compareExchange`, on this word.
  @inline(__always)
  func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
    AtomicWordBuffer.compareExchange(address, expected: expected, desired: desired)
  }
}
