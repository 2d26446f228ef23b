internal import Foundation

/// A value that several threads share, read and written only under a lock.
///
/// The terminal layer's one home for shared mutable state; the closure passed to ``withLock(_:)``
/// never calls out to code the caller did not write.
final class LockedState<State: Sendable>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `state` is touched only inside `withLock`, between
  // `lock.lock()` and `lock.unlock()`, and is never handed out by reference; `State` is
  // `Sendable` because a value one thread stores is read by another.
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
