#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fixed set of mutexes that many small objects share, each taking the one its address picks,
/// so that an object which locks only for brief changes of state allocates no lock of its own.
///
/// Two unrelated objects may share a stripe: hold one only for a few loads and stores, never
/// while waiting or running code that is not Wiring's, and take no other lock under it but one
/// under which no lock is ever taken (`LazyBox.fallbackLock`, `AbandonedClaims`, a latch's).
enum StripedLocks {
  private static let count = 64

  /// The mutexes, made once and never freed.
  ///
  /// NB: `nonisolated(unsafe)` is sound because the pointer is written once, by the lazy
  /// initializer (which Swift runs exactly once, synchronized), and never changed; the memory
  /// it points to is used only through the mutex functions, which synchronize themselves.
  private nonisolated(unsafe) static let mutexes: UnsafeMutablePointer<PlatformMutex> = {
    let mutexes = UnsafeMutablePointer<PlatformMutex>.allocate(capacity: count)
    for index in 0..<count {
      #if canImport(Darwin)
      (mutexes + index).initialize(to: os_unfair_lock())
      #else
      (mutexes + index).initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutexes + index, nil)
      #endif
    }
    return mutexes
  }()

  /// Runs `body` holding the stripe of `object`.
  static func withLock<Result>(for object: AnyObject, _ body: () -> Result) -> Result {
    let address = UInt(bitPattern: ObjectIdentifier(object))
    return holding(mutexes + Int((address >> 4 ^ address >> 10) % UInt(count)), body)
  }
}
