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
