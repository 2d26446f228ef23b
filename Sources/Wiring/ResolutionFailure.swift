import Foundation

/// A programmer error found while resolving: a cycle, a missing promise, endless recursion, a
/// main-actor builder resolved off the main actor.
///
/// An app traps with ``description`` as the message. Tests and diagnostics observe the same
/// failure as a value with ``catchResolutionFailure(_:)``.
public struct ResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A factory needs itself, directly or through others; ``ResolutionFailure/chain`` is the
    /// factories being built down to the one needed again, which ends it (for a lazily injected
    /// property, the chain may start before the loop).
    case cycle
    /// A promised factory was resolved before anything was registered for it.
    case missingRegistration
    /// Resolutions nested deeper than the limit, which only an endless recursion reaches.
    case tooDeep
    /// A cached instance another thread was building failed to build.
    case dependencyFailed
    /// A builder written on the main actor was about to run off it.
    case offMainActor
  }

  /// What went wrong.
  public let kind: Kind
  /// The factories involved, outermost first, spelled `Container.api`.
  public let chain: [String]
  /// The one-line message an app traps with.
  public let description: String
  /// For `dependencyFailed`, what the build it waited for failed with at the root; nil otherwise.
  var rootKind: Kind? = nil

  static func cycle(chain: [String]) -> ResolutionFailure {
    ResolutionFailure(
      kind: .cycle, chain: chain,
      description: "Wiring: dependency cycle: \(chain.joined(separator: " → ")). "
        + "Break it by resolving one side lazily (@LazyInjected) or through a parameter.")
  }

  static func missingRegistration(_ key: FactoryKey, chain: [String]) -> ResolutionFailure {
    failure(
      .missingRegistration, of: key, chain: chain, "is promised but nothing is registered for it",
      advice: "Register it where the app starts: \(key.registrationExample).register { … }.")
  }

  static func tooDeep(chain: [String], limit: Int) -> ResolutionFailure {
    let tail = chain.suffix(6).joined(separator: " → ")
    return ResolutionFailure(
      kind: .tooDeep, chain: chain,
      description: "Wiring: resolutions nested deeper than \(limit); a factory probably "
        + "recurses forever: … → \(tail).")
  }

  static func offMainActor(_ key: FactoryKey, chain: [String]) -> ResolutionFailure {
    failure(
      .offMainActor, of: key, chain: chain, "builds on the main actor but was resolved off it",
      advice: "Resolve it from main-actor code or with `await \(key.registrationExample)"
        + ".resolveOnMainActor()`, or declare it `nonisolated` if it needs no main actor.")
  }

  /// A failure of `key`, worded `Wiring: <key> <problem> (while resolving A → B). <advice>`, the
  /// part in parentheses only for a chain longer than the failing factory alone.
  private static func failure(
    _ kind: Kind, of key: FactoryKey, chain: [String], _ problem: String, advice: String
  ) -> ResolutionFailure {
    let path = chain.count > 1 ? " (while resolving \(chain.joined(separator: " → ")))" : ""
    return ResolutionFailure(
      kind: kind, chain: chain, description: "Wiring: \(key) \(problem)\(path). \(advice)")
  }

  static func dependencyFailed(_ key: FactoryKey, because underlying: ResolutionFailure)
    -> ResolutionFailure
  {
    ResolutionFailure(
      kind: .dependencyFailed, chain: underlying.chain,
      description: "Wiring: \(key) was being built on another thread when it failed: "
        + underlying.description,
      rootKind: underlying.rootKind ?? underlying.kind)
  }
}

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
/// Called inside a factory's builder, `body` that resolves a factory being built around it, the
/// builder's own included, gets the cycle as its failure, as it would without the call.
///
/// `body` resolves from the caller's containers, as ``IsolatableContainer/capture()`` carries
/// them: `Container.shared`, and in an isolated test the test's containers, singletons and
/// context. Other task-local values are not carried over.
///
/// - Parameter body: The resolution to attempt. It runs on another thread, so it cannot use
///   main-actor factories.
/// - Returns: The value, or the failure that would have trapped.
public func catchResolutionFailure<Value>(
  _ body: @escaping @Sendable () -> Value
) -> Result<Value, ResolutionFailure> {
  let latch = Latch<FailureCapture.Outcome>()
  let captured = Container.capture()
  // Called from a builder, the caller waits for `body` inside that build: the wait graph is told,
  // so that `body` resolving what the caller is building is a cycle, not a deadlock.
  let caller = ResolutionState.current
  let callerID = caller.id
  let building = caller.frames.last?.key
  // Each capture starts on a new thread, whose own frames cannot show that a build called it
  // inside itself; the builds it was called in are checked here.
  let capturedFrom = caller.capturedFrom + caller.frames.map { ($0.key, $0.parameter != nil) }
  if let failure = FailureCapture.recursion(in: capturedFrom) { reportFailure(failure, in: caller) }
  let thread = Thread {
    let state = ResolutionState.current
    state.failureSink = latch
    state.capturedFrom = capturedFrom
    if let building { WaitGraph.recordCapture(by: state.id, for: callerID, building: building) }
    let value = captured.run { body() }
    state.failureSink = nil
    if building != nil { WaitGraph.endWaiting(callerID) }
    latch.open(with: .value(FailureCapture.Transfer(value)))
  }
  thread.stackSize = 16 << 20
  thread.start()
  let outcome = latch.wait()
  if building != nil { WaitGraph.endWaiting(callerID) }
  switch outcome {
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
  /// The cycle or runaway nesting that builds calling `catchResolutionFailure` inside each other
  /// make: the same factory twice without an argument, or more builds than a resolution may nest.
  static func recursion(
    in builds: [(key: FactoryKey, hasParameter: Bool)]
  ) -> ResolutionFailure? {
    let chain = builds.map(\.key.description)
    var seen: [FactoryKey: Int] = [:]
    for (index, build) in builds.enumerated() where !build.hasParameter {
      if let first = seen.updateValue(index, forKey: build.key) {
        return .cycle(chain: Array(chain[first...index]))
      }
    }
    if builds.count > ResolutionState.maximumDepth {
      return .tooDeep(chain: chain, limit: ResolutionState.maximumDepth)
    }
    return nil
  }

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
  // Called from a builder, the builds around the call are the caller's: a failure in `body`
  // does not fail them, since the caller gets it as a value.
  let sink = AsyncFailureCapture.Sink(
    latch: latch,
    callersBuilds: Set((AsyncResolution.current?.constructions ?? []).map(ObjectIdentifier.init)))
  Task {
    await AsyncFailureCapture.$sink.withValue(sink) {
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
  @TaskLocal static var sink: Sink?

  /// Where a failure goes, and the builds it must leave to the caller.
  struct Sink: Sendable {
    let latch: AsyncLatch<Outcome>
    let callersBuilds: Set<ObjectIdentifier>
  }

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
  let sink = AsyncFailureCapture.sink
  for construction in resolution?.constructions ?? []
  where sink?.callersBuilds.contains(ObjectIdentifier(construction)) != true {
    construction.latch.open(with: .failed(failure))
  }
  guard let sink else { fatalError(failure.description) }
  sink.latch.open(with: .failure(failure))
  await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  fatalError("unreachable: a suspended capture task resumed")
}
