#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a mutex: the one place in Wiring where shared mutable state lives.
///
/// The value and its `PlatformMutex` share one heap allocation that never moves, and the value
/// is reached through a pointer, so taking the lock costs no dynamic exclusivity check.
/// `withLock` runs only the code its caller passes, and no caller in Wiring passes user code.
/// Copies share the same value and lock.
struct Locked<State> {
  private let storage: LockedStorage<State>

  init(_ state: State) {
    storage = LockedStorage(state)
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// Lock, call, unlock, and nothing between: a debug build runs every closure and generic
  /// layer it is given, and every registration and locked resolution comes here.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    let storage = storage
    #if canImport(Darwin)
    os_unfair_lock_lock(storage.mutex)
    defer { os_unfair_lock_unlock(storage.mutex) }
    #else
    pthread_mutex_lock(storage.mutex)
    defer { pthread_mutex_unlock(storage.mutex) }
    #endif
    return try body(&storage.state.pointee)
  }
}

// NB: `@unchecked` is sound because the state is read and written only inside `withLock`,
// holding the storage's mutex, which serialises every access; `State: Sendable` is required
// because what one thread stores there another thread reads.
extension Locked: @unchecked Sendable where State: Sendable {}

#if canImport(Darwin)
/// The platform's mutex.
typealias PlatformMutex = os_unfair_lock
#else
/// The platform's mutex.
typealias PlatformMutex = pthread_mutex_t
#endif

/// Runs `body` holding `mutex`, an initialized mutex that does not move.
@inline(__always)
func holding<Result>(
  _ mutex: UnsafeMutablePointer<PlatformMutex>, _ body: () throws -> Result
) rethrows -> Result {
  #if canImport(Darwin)
  os_unfair_lock_lock(mutex)
  defer { os_unfair_lock_unlock(mutex) }
  #else
  pthread_mutex_lock(mutex)
  defer { pthread_mutex_unlock(mutex) }
  #endif
  return try body()
}

/// The state and its mutex of a `Locked`, in one allocation that never moves.
final class LockedStorage<State> {
  let state: UnsafeMutablePointer<State>
  let mutex: UnsafeMutablePointer<PlatformMutex>

  init(_ initial: State) {
    let mutexAlignment = MemoryLayout<PlatformMutex>.alignment
    let mutexOffset =
      (MemoryLayout<State>.stride + mutexAlignment - 1) / mutexAlignment * mutexAlignment
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: mutexOffset + MemoryLayout<PlatformMutex>.size,
      alignment: max(MemoryLayout<State>.alignment, mutexAlignment))
    state = raw.initializeMemory(as: State.self, to: initial)
    #if canImport(Darwin)
    mutex = (raw + mutexOffset).initializeMemory(as: PlatformMutex.self, to: os_unfair_lock())
    #else
    mutex = (raw + mutexOffset).initializeMemory(as: PlatformMutex.self, to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
    pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    state.deinitialize(count: 1)
    UnsafeMutableRawPointer(state).deallocate()
  }
}

/// A one-shot gate: threads wait until one thread opens it with a value.
///
/// Single-flight construction hands its result to waiters through a latch, so the container's
/// own lock is never held while a waiter sleeps or a factory runs.
///
/// Every latch shares one mutex and one condition (`LatchLock`): a latch is made for each first
/// build of a kept instance, almost always opened before anyone waits, and a lock of its own
/// cost two allocations and their set-up for nothing. Opening one wakes the waiters of every
/// latch, each of which looks at its own and sleeps again; waiting is rare (two threads building
/// the same instance at once), and what is held under the mutex is a few loads and stores.
@usableFromInline
final class Latch<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `value` is read and written only while `LatchLock`'s
  // mutex is held; waiters sleep on its condition, which releases and reacquires that same
  // mutex. `Value` is `Sendable` because the thread that opens the latch hands it to every
  // thread that waits.
  private var value: Value?

  init() {}

  /// Stores `value` and wakes every waiter; later calls are ignored.
  func open(with value: Value) {
    LatchLock.holding {
      if self.value == nil { self.value = value }
      LatchLock.wakeWaiters()
    }
  }

  /// The value if the latch is open, without waiting.
  func peek() -> Value? {
    LatchLock.holding { value }
  }

  /// Blocks until the latch is open, then returns its value.
  func wait() -> Value {
    LatchLock.holding {
      while true {
        if let value { return value }
        LatchLock.sleep()
      }
    }
  }
}

/// The mutex and condition that every `Latch` shares. No other lock is ever taken under it.
enum LatchLock {
  /// The mutex, then the condition, made once and never freed.
  ///
  /// NB: `nonisolated(unsafe)` is sound because the pointers are written once, by the lazy
  /// initializer (which Swift runs exactly once, synchronized), and never changed; the memory
  /// they point to is used only through the pthread functions, which synchronize themselves.
  private nonisolated(unsafe) static let shared:
    (
      mutex: UnsafeMutablePointer<pthread_mutex_t>, condition: UnsafeMutablePointer<pthread_cond_t>
    ) = {
      let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
      let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
      condition.initialize(to: pthread_cond_t())
      pthread_cond_init(condition, nil)
      return (mutex, condition)
    }()

  /// Runs `body` holding the mutex.
  static func holding<Result>(_ body: () -> Result) -> Result {
    let mutex = shared.mutex
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Wakes every thread sleeping in `sleep()`; the caller holds the mutex.
  static func wakeWaiters() {
    pthread_cond_broadcast(shared.condition)
  }

  /// Releases the mutex until a latch is opened, then takes it again; the caller holds it.
  static func sleep() {
    pthread_cond_wait(shared.condition, shared.mutex)
  }
}

/// A fixed set of mutexes that many small objects share, each taking the one its address picks,
/// so that an object which locks only for brief changes of state allocates no lock of its own.
///
/// Two unrelated objects may share a stripe: hold one only for a few loads and stores, never
/// while waiting or running code that is not Wiring's, and take no other lock under it but one
/// under which no lock is ever taken (`AbandonedClaims`, `LatchLock`).
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
