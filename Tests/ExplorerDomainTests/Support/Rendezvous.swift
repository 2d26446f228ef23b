/// A one-way gate: once opened it stays open, and waiting for it gives up after a deadline.
///
/// Tests use it to prove that two calls are in flight at the same time without measuring time:
/// each side opens its own gate and waits for the other's. Run one after the other, the first
/// side's wait runs out and reports it instead of hanging the test.
///
/// ```swift
/// let gate = Rendezvous()
/// async let opened = gate.wait(seconds: 5)
/// await gate.open()
/// #expect(await opened)
/// ```
actor Rendezvous {
  private var isOpen = false
  private var nextWaiter = 0
  private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]

  /// Opens the gate and lets every waiter through.
  func open() {
    isOpen = true
    let pending = waiters.values
    waiters.removeAll()
    for waiter in pending { waiter.resume(returning: true) }
  }

  /// Whether the gate opened within `seconds`: `true` as soon as it does, `false` when the
  /// deadline passes first.
  func wait(seconds: Double) async -> Bool {
    if isOpen { return true }
    let id = nextWaiter
    nextWaiter += 1
    let deadline = Task {
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      self.giveUp(id)
    }
    defer { deadline.cancel() }
    return await withCheckedContinuation { waiters[id] = $0 }
  }

  private func giveUp(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume(returning: false)
  }
}
