import Synchronization

/// Machine words that threads read and write without a lock, for the lock-free read paths.
///
/// They are `Synchronization.Atomic<UInt>` values in memory of their own. Apple platforms have
/// `Atomic` from macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2; on older systems no memory
/// is allocated, every load returns 0 and every store does nothing. Each word is defined so that
/// 0 means "take the locked path", so those systems simply never leave the locked paths.
@usableFromInline
struct AtomicWords: @unchecked Sendable {
  // NB: `@unchecked` is sound because the memory behind `base` is only ever read and written
  // through `Atomic<UInt>` operations; the pointer itself never changes.
  private let base: UnsafeMutableRawPointer?

  /// Whether this system has atomics; without them nothing is ever published.
  ///
  /// Builds with `WIRING_WITHOUT_ATOMICS` (`swift test -Xswiftc -DWIRING_WITHOUT_ATOMICS`) take
  /// the path of an Apple system before macOS 15 on any system, so that it is tested.
  static var isSupported: Bool {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !isSimulatedAway {
      return true
    }
    return false
  }

  /// Whether this build pretends the system has no atomics (`WIRING_WITHOUT_ATOMICS`).
  @usableFromInline
  static var isSimulatedAway: Bool {
    @inline(__always) get {
      #if WIRING_WITHOUT_ATOMICS
      true
      #else
      false
      #endif
    }
  }

  /// Allocates `count` words, all 0; pair with `deallocate`.
  init(count: Int) {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    {
      let words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
      for index in 0..<count { (words + index).initialize(to: Atomic(0)) }
      base = UnsafeMutableRawPointer(words)
    } else {
      base = nil
    }
  }

  /// Allocates one word, 0, alone on its cache line, so that other threads' writes nearby never
  /// take the line away from the thread that owns the word; pair with `deallocate`.
  static func aloneOnCacheLine() -> AtomicWords {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !isSimulatedAway
    else {
      return AtomicWords(base: nil)
    }
    // 128 bytes: a cache line, and the neighbour some processors fetch along with it.
    let raw = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
    raw.bindMemory(to: Atomic<UInt>.self, capacity: 1).initialize(to: Atomic(0))
    return AtomicWords(base: raw)
  }

  private init(base: UnsafeMutableRawPointer?) { self.base = base }

  /// The words at `address`, as published by another `AtomicWords`; nil for 0.
  init?(at address: UInt) {
    guard let base = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
    self.base = base
  }

  /// The address of the words, to publish in another word.
  var address: UInt { UInt(bitPattern: base) }

  /// Frees the words; nothing may use them afterwards.
  func deallocate() {
    base?.deallocate()
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @inline(__always)
  private func word(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
    base.unsafelyUnwrapped.assumingMemoryBound(to: Atomic<UInt>.self) + index
  }

  /// Reads a word, ordered after the release store that wrote it.
  @usableFromInline
  @inline(__always)
  func loadAcquiring(_ index: Int = 0) -> UInt {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return 0 }
    return word(index).pointee.load(ordering: .acquiring)
  }

  /// Reads a word in the single total order of sequentially consistent operations.
  @inline(__always)
  func loadSequentiallyConsistent(_ index: Int = 0) -> UInt {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return 0 }
    return word(index).pointee.load(ordering: .sequentiallyConsistent)
  }

  /// Reads a word with no ordering: what only this thread writes, or a hint to check further.
  @usableFromInline
  @inline(__always)
  func loadRelaxed(_ index: Int = 0) -> UInt {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return 0 }
    return word(index).pointee.load(ordering: .relaxed)
  }

  /// Writes a word, making every earlier write visible to a thread that acquires it.
  @inline(__always)
  func storeReleasing(_ value: UInt, _ index: Int = 0) {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return }
    word(index).pointee.store(value, ordering: .releasing)
  }

  /// Writes a word in the single total order of sequentially consistent operations.
  @inline(__always)
  func storeSequentiallyConsistent(_ value: UInt, _ index: Int = 0) {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return }
    word(index).pointee.store(value, ordering: .sequentiallyConsistent)
  }

  /// Replaces a word that holds `expected` with `desired`, acquiring what it reads and releasing
  /// what it writes; returns whether it did and what the word held.
  @inline(__always)
  func compareExchange(
    expected: UInt, desired: UInt, _ index: Int = 0
  ) -> (exchanged: Bool, original: UInt) {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else {
      return (false, 0)
    }
    return word(index).pointee.compareExchange(
      expected: expected, desired: desired, ordering: .acquiringAndReleasing)
  }

  /// Replaces a word and returns what it held, sequentially consistent.
  @inline(__always)
  func exchange(_ value: UInt, _ index: Int = 0) -> UInt {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), !Self.isSimulatedAway
    else { return 0 }
    return word(index).pointee.exchange(value, ordering: .sequentiallyConsistent)
  }
}
