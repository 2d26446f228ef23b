import Synchronization

/// Counts constructions from any task: a lock-free atomic where the system has one, a lock on
/// older Apple systems.
final class AtomicCounter: Sendable {
  private let atomic: (any Sendable)?
  private let fallback = Mutexed(0)

  init() {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      atomic = AtomicInt()
    } else {
      atomic = nil
    }
  }

  var value: Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
      let atomic = atomic as? AtomicInt
    {
      return atomic.value.load(ordering: .acquiring)
    }
    return fallback.read { $0 }
  }

  /// Adds one and returns the new count.
  @discardableResult
  func increment() -> Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
      let atomic = atomic as? AtomicInt
    {
      return atomic.value.add(1, ordering: .acquiringAndReleasing).newValue
    }
    return fallback.update {
      $0 += 1
      return $0
    }
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class AtomicInt: Sendable {
  let value = Atomic<Int>(0)
}
