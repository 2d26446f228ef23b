import Foundation

/// Runs `body` and returns the value it resolved, or the first resolution failure it hit,
/// instead of trapping.
///
/// A failure is found deep inside nested synchronous factories that cannot return, so `body`
/// runs on a thread of its own. When it fails, that thread reports the failure, releases anyone
/// waiting for what it was building, and then parks for the rest of the process: one idle thread
/// per failure, which suits tests and diagnostics, not hot paths. A cached instance that failed
/// is built afresh by its next read; a lazily injected property whose first read failed reports
/// `dependencyFailed` to every later read. A factory that holds a lock of
/// its own while resolving keeps holding it.
///
/// ```swift
/// let outcome = catchResolutionFailure { Container.shared.a() }
/// #expect(throws: ResolutionFailure.self) { try outcome.get() }
/// ```
///
/// `Container.shared` inside `body` is the caller's, so a test isolated with
/// `Container.$shared.withValue` stays isolated; other task-local values are not carried over.
///
/// - Parameter body: The resolution to attempt. It runs on another thread, so it cannot use
///   main-actor factories.
/// - Returns: The value, or the failure that would have trapped.
public func catchResolutionFailure<Value>(
  _ body: @escaping @Sendable () -> Value
) -> Result<Value, ResolutionFailure> {
  let latch = Latch<FailureCapture.Outcome>()
  let shared = Container.shared
  let thread = Thread {
    let state = ResolutionState.current
    state.failureSink = latch
    let value = Container.$shared.withValue(shared) { body() }
    state.failureSink = nil
    latch.open(with: .value(FailureCapture.Transfer(value)))
  }
  thread.stackSize = 16 << 20
  thread.start()
  switch latch.wait() {
  case .value(let transfer):
    // The latch orders the worker's write before this read, and the worker never touches the
    // value again, so handing it over is a move, not a share.
    return .success(transfer.value as! Value)
  case .failure(let failure):
    return .failure(failure)
  }
}

/// What a capture thread hands back.
enum FailureCapture {
  enum Outcome: Sendable {
    case value(Transfer)
    case failure(ResolutionFailure)
  }

  /// Moves one value from the capture thread to the thread that waits for it.
  struct Transfer: @unchecked Sendable {
    // NB: `@unchecked` is sound because the capture thread stores the value, opens the latch and
    // never reads it again; the waiting thread reads it only after the latch opened.
    let value: Any
    init(_ value: Any) { self.value = value }
  }
}

/// Reports a programmer error: traps in an app, or hands the failure to
/// `catchResolutionFailure` and parks this thread forever.
@usableFromInline
func reportFailure(_ failure: ResolutionFailure, in state: ResolutionState) -> Never {
  for construction in state.ownedConstructions {
    construction.latch.open(with: .failed(failure))
  }
  guard let sink = state.failureSink else {
    fatalError(failure.description)
  }
  AbandonedClaims.abandon(by: LazyBox.currentThread, with: failure)
  sink.open(with: .failure(failure))
  let parked = Latch<Void>()
  parked.wait()
  fatalError("unreachable: a parked capture thread woke up")
}
