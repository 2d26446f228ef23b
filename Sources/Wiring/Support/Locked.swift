#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a mutex: the one place in Wiring where shared mutable state lives.
///
/// Darwin uses `os_unfair_lock`, every other platform a `pthread_mutex_t`. The value and the
/// lock share one heap allocation, whose address never moves, and the value is reached through
/// a pointer, so taking the lock costs no dynamic exclusivity check. `withLock` never calls user
/// code while the lock is held unless the caller passes user code in, and no caller in Wiring
/// does. Copies share the same value and lock.
@usableFromInline
struct Locked<State> {
  private let buffer: LockedBuffer<State>

  @usableFromInline
  init(_ state: State) {
    buffer = LockedBuffer.make(state)
  }

  /// Runs `body` with exclusive access to the state.
  @usableFromInline
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, mutex in
      try holding(mutex) { try body(&state.pointee) }
    }
  }
}

// NB: `@unchecked` is sound because the state is read and written only inside `withLock`,
// between a lock and an unlock of the buffer's mutex, which serialises every access to it; and
// `State: Sendable` because what one thread stores there another thread reads.
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

/// The state (the header) and its mutex (the one element) of a `Locked`, in one allocation.
final class LockedBuffer<State>: ManagedBuffer<State, PlatformMutex> {
  static func make(_ state: State) -> LockedBuffer {
    let buffer = unsafeDowncast(
      create(minimumCapacity: 1) { _ in state }, to: LockedBuffer<State>.self)
    buffer.withUnsafeMutablePointerToElements { mutex in
      #if canImport(Darwin)
      mutex.initialize(to: os_unfair_lock())
      #else
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
      #endif
    }
    return buffer
  }

  deinit {
    // The header, the state, is destroyed by `ManagedBuffer`; the element is ours to destroy.
    // NB: `-> Void`: on Darwin the closure is one expression, whose value the call would return.
    withUnsafeMutablePointerToElements { mutex -> Void in
      #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
      #endif
      mutex.deinitialize(count: 1)
    }
  }
}
