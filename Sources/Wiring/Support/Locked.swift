#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a mutex: the one place in Wiring where shared mutable state lives.
///
/// Darwin uses `os_unfair_lock`, every other platform a `pthread_mutex_t`; both are allocated
/// once on the heap so their address never moves. `withLock` never calls user code while the
/// lock is held unless the caller passes user code in, and no caller in Wiring does.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `state` is read and written only inside `withLock`,
  // between a lock and an unlock of `mutex`, which serialises every access to it.
  #if canImport(Darwin)
  private let mutex: UnsafeMutablePointer<os_unfair_lock>
  #else
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  private var state: State

  @usableFromInline
  init(_ state: State) {
    self.state = state
    #if canImport(Darwin)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: os_unfair_lock())
    #else
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
    pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  @usableFromInline
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    os_unfair_lock_lock(mutex)
    defer { os_unfair_lock_unlock(mutex) }
    #else
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&state)
  }
}
