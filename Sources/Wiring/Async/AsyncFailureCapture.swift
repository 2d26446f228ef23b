/// Runs async `body` and returns the value it resolved, or the first resolution failure it hit,
/// instead of trapping.
///
/// A failure is found deep inside nested factories that cannot return, so `body` runs in a task
/// of its own. When it fails, the task reports the failure, releases whoever waits for the builds
/// it was running, and stays suspended for the rest of the process: one idle task per failure,
/// which suits tests and diagnostics, not hot paths. No thread is blocked.
///
/// ```swift
/// let outcome = await catchAsyncResolutionFailure { await Container.shared.database() }
/// #expect(throws: ResolutionFailure.self) { try outcome.get() }
/// ```
///
/// The task inherits the caller's task-local values, `Container.shared` included. A synchronous
/// factory that fails inside an async builder still traps.
public func catchAsyncResolutionFailure<Value: Sendable>(
  _ body: @escaping @Sendable () async -> Value
) async -> Result<Value, ResolutionFailure> {
  let latch = AsyncLatch<AsyncFailureCapture.Outcome>()
  Task {
    await AsyncFailureCapture.$sink.withValue(latch) {
      let value = await body()
      latch.open(with: .value(value))
    }
  }
  switch await latch.value() {
  case .value(let value):
    // Only this function opens the latch with a value, and it is `body`'s `Value`.
    return .success(value as! Value)
  case .failure(let failure):
    return .failure(failure)
  }
}

/// Where async programmer errors go while `catchAsyncResolutionFailure` runs.
enum AsyncFailureCapture {
  @TaskLocal static var sink: AsyncLatch<Outcome>?

  enum Outcome: Sendable {
    case value(any Sendable)
    case failure(ResolutionFailure)
  }
}

/// Reports a programmer error in an async resolution: fails the builds `resolution` runs, then
/// traps, or hands the failure to `catchAsyncResolutionFailure` and suspends this task forever.
@usableFromInline
func reportAsyncFailure(_ failure: ResolutionFailure, in resolution: AsyncResolution?) async
  -> Never
{
  for construction in resolution?.constructions ?? [] {
    construction.latch.open(with: .failed(failure))
  }
  guard let sink = AsyncFailureCapture.sink else { fatalError(failure.description) }
  sink.open(with: .failure(failure))
  await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  fatalError("unreachable: a suspended capture task resumed")
}
