internal import CWiringAtomics

/// A word the whole process shares, in static storage: 0 when the program starts, and read with
/// no lazy initialization, which a global `AtomicWords` would cost on every read.
struct ProcessWord {
  private let address: UnsafeMutablePointer<UInt>

  /// How many strict or fakes-only tests are running, whose checks look at resolutions.
  static var checkedTests: ProcessWord { ProcessWord(address: wiring_strict_tests_word()) }

  /// The process-wide singleton index's address, or 1 once the process made an isolation.
  static var singletonIndex: ProcessWord { ProcessWord(address: wiring_singleton_index_word()) }

  /// The key of the threads' resolution states plus one, or 0 until it is made.
  static var resolutionStateKey: ProcessWord {
    ProcessWord(address: wiring_resolution_state_key_word())
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

  /// Replaces the word if it holds `expected`, acquiring and releasing; returns whether it did
  /// and what the word held.
  @inline(__always)
  func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
    AtomicWords.compareExchange(address, expected: expected, desired: desired)
  }
}
