/// The lazy boxes whose claiming thread failed under `catchResolutionFailure`, so that readers
/// waiting for them, and readers that come later, get the failure rather than wait forever.
///
/// A thread that fails parks for good and never finishes its claims. This table keeps, for each
/// claiming thread, the latches that readers wait on, and for each thread that failed, its
/// failure. Only slow paths come here: a reader that waits, a claimer that finishes with readers
/// waiting, and a failure.
///
/// `LazyBox` takes this lock while holding its stripe of `StripedLocks`. That is safe because
/// nothing takes a lock while holding this one: latches are opened after it is released.
enum AbandonedClaims {
  private struct State {
    /// What each parked thread failed with, by thread identity. A parked thread never exits,
    /// so its identity is never reused.
    var failures: [UInt: ResolutionFailure] = [:]
    /// The latches readers wait on, by the identity of the thread that claimed the box, then by
    /// box.
    var waiting: [UInt: [ObjectIdentifier: Latch<Construction.Outcome>]] = [:]
  }

  private static let state = Locked(State())

  /// Records that readers of `box` wait on `latch` for the thread `claimer`; opens the latch
  /// with that thread's failure if it has already failed.
  ///
  /// Call it holding the box's stripe, in the step that sets the waiting bit, so that `finished`
  /// cannot run between the two and leave the latch here for good.
  static func wait(
    on latch: Latch<Construction.Outcome>, for box: ObjectIdentifier, claimedBy claimer: UInt
  ) {
    let failure = state.withLock { state -> ResolutionFailure? in
      if let failure = state.failures[claimer] { return failure }
      state.waiting[claimer, default: [:]][box] = latch
      return nil
    }
    if let failure { latch.open(with: .failed(failure)) }
  }

  /// Forgets the latch of `box`, whose claimer finished and opens it itself.
  static func finished(_ box: ObjectIdentifier, claimedBy claimer: UInt) {
    state.withLock { state in
      state.waiting[claimer]?[box] = nil
      if state.waiting[claimer]?.isEmpty == true { state.waiting[claimer] = nil }
    }
  }

  /// Records that the thread `claimer` failed with `failure` and will finish none of its claims;
  /// releases every reader waiting on them with the failure.
  static func abandon(by claimer: UInt, with failure: ResolutionFailure) {
    let latches = state.withLock { state in
      state.failures[claimer] = failure
      return state.waiting.removeValue(forKey: claimer) ?? [:]
    }
    for latch in latches.values { latch.open(with: .failed(failure)) }
  }
}
