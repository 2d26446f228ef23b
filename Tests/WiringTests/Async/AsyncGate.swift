import Foundation

/// A gate that tasks await until a test opens it; no timing involved.
final class AsyncGate: Sendable {
  private let state = Mutexed<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Suspends until `open()`, or returns at once if it already happened.
  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.update { state in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Lets every waiter, present and future, through.
  func open() {
    let waiters = state.update { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Opens a gate once a trace has seen enough events of one kind.
final class EventCountdown: Sendable {
  private let remaining: Mutexed<Int>
  let gate = AsyncGate()

  init(_ count: Int) { remaining = Mutexed(count) }

  /// Counts one event; the last one opens the gate.
  func tick() {
    if remaining.update({
      $0 -= 1
      return $0
    }) == 0 {
      gate.open()
    }
  }
}

/// Whether `condition` holds within about two seconds, checked between short sleeps: for what
/// another task finishes after handing its result over.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<2_000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return condition()
}
