#if !canImport(Darwin) && !WIRING_APPLE_LAYOUT
// Public because `loadAcquiring` is inlined into the lazy wrappers' users, where it reads the
// `Atomic`.
public import Synchronization
#endif

/// One word that threads read and write without a lock, kept in the object that owns it where
/// the system allows.
///
/// On Linux it is an `Atomic`, inline. A type that runs on Apple systems before macOS 15 and
/// iOS 18 cannot store an `Atomic`, so there it is one of `AtomicWords`, in memory of its own:
/// one more load to reach it. Builds with `WIRING_APPLE_LAYOUT` take Apple's layout anywhere,
/// so that it is tested on Linux too. This is the one place the two layouts differ.
@usableFromInline
struct AtomicWord: ~Copyable {
  #if canImport(Darwin) || WIRING_APPLE_LAYOUT
  @usableFromInline let words = AtomicWords(count: 1)

  deinit { words.deallocate() }
  #else
  @usableFromInline let atomic = Atomic<UInt>(0)
  #endif

  @usableFromInline
  init() {}

  /// Reads the word, ordered after the release that wrote it.
  @inlinable
  @inline(__always)
  func loadAcquiring() -> UInt {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.loadAcquiring()
    #else
    atomic.load(ordering: .acquiring)
    #endif
  }

  /// Reads the word in the single total order of sequentially consistent operations.
  @inline(__always)
  func loadSequentiallyConsistent() -> UInt {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.loadSequentiallyConsistent()
    #else
    atomic.load(ordering: .sequentiallyConsistent)
    #endif
  }

  /// Writes the word, making every earlier write visible to a thread that acquires it.
  @inline(__always)
  func storeReleasing(_ value: UInt) {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.storeReleasing(value)
    #else
    atomic.store(value, ordering: .releasing)
    #endif
  }

  /// Replaces the word if it holds `expected`, acquiring and releasing; returns whether it did
  /// and what the word held.
  @inline(__always)
  func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.compareExchange(expected: expected, desired: desired)
    #else
    atomic.compareExchange(expected: expected, desired: desired, ordering: .acquiringAndReleasing)
    #endif
  }

  /// Replaces the word and returns what it held, acquiring and releasing.
  @inline(__always)
  func exchangeAcquiringAndReleasing(_ value: UInt) -> UInt {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.exchangeAcquiringAndReleasing(value)
    #else
    atomic.exchange(value, ordering: .acquiringAndReleasing)
    #endif
  }

  /// Replaces the word and returns what it held, sequentially consistent.
  @inline(__always)
  func exchange(_ value: UInt) -> UInt {
    #if canImport(Darwin) || WIRING_APPLE_LAYOUT
    words.exchange(value)
    #else
    atomic.exchange(value, ordering: .sequentiallyConsistent)
    #endif
  }
}
