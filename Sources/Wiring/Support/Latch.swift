#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A one-shot gate: threads wait until one thread opens it with a value.
///
/// Single-flight construction hands its result to waiters through a latch, so the container's
/// own lock is never held while a waiter sleeps or a factory runs.
@usableFromInline
final class Latch<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `value` is read and written only while `mutex` is held;
  // waiters sleep on `condition`, which releases and reacquires that same mutex. `Value` is
  // `Sendable` because the thread that opens the latch hands it to every thread that waits.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var value: Value?

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Stores `value` and wakes every waiter; later calls are ignored.
  @usableFromInline
  func open(with value: Value) {
    pthread_mutex_lock(mutex)
    if self.value == nil { self.value = value }
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// The value if the latch is open, without waiting.
  func peek() -> Value? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return value
  }

  /// Blocks until the latch is open, then returns its value.
  func wait() -> Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if let value { return value }
      pthread_cond_wait(condition, mutex)
    }
  }
}
