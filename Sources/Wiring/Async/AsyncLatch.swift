/// A one-shot gate for tasks: they suspend until someone opens it with a value.
///
/// Unlike `Latch`, waiting suspends the task instead of blocking its thread. A waiter may choose
/// to stop waiting when its task is cancelled; the latch itself is never cancelled, and opens for
/// everyone else as usual.
final class AsyncLatch<Value: Sendable>: Sendable {
  private let state = Locked(State())

  private struct State {
    var value: Value?
    var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
    /// Waiters cancelled before their continuation was stored.
    var cancelled: Set<Int> = []
    var nextID = 0
  }

  init() {}

  /// Stores `value` and resumes every waiter; later calls are ignored.
  func open(with value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value if the latch is open, without waiting.
  func peek() -> Value? {
    state.withLock { $0.value }
  }

  /// Suspends until the latch opens, whether or not the task is cancelled meanwhile.
  func value() async -> Value {
    if let value = peek() { return value }
    do {
      return try await wait(cancellable: false)
    } catch {
      preconditionFailure("Wiring: a wait that ignores cancellation threw \(error)")
    }
  }

  /// Suspends until the latch opens, or throws `CancellationError` once the task is cancelled.
  func valueUnlessCancelled() async throws -> Value {
    if let value = peek() { return value }
    return try await wait(cancellable: true)
  }

  private func wait(cancellable: Bool) async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome = state.withLock { state -> Result<Value, any Error>? in
          if let value = state.value { return .success(value) }
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          state.waiters[id] = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      guard cancellable else { return }
      let waiter = state.withLock { state in
        guard state.value == nil else { return CheckedContinuation<Value, any Error>?.none }
        if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
        state.cancelled.insert(id)
        return nil
      }
      waiter?.resume(throwing: CancellationError())
    }
  }
}
