/// Whether anyone watches a container's resolutions: its trace, the graph recordings in
/// progress, a leak check, and a container-wide decorator.
///
/// While anyone watches, the container stops publishing for the lock-free path (see
/// `ContainerManager.publishReadiness`), so every resolution takes the locked path, which reports
/// cache hits as well as builds. When nobody watches, the locked path pays one load and a branch.
@usableFromInline
final class Observation: Sendable {
  /// 1 while nobody watches; 0 when someone does.
  @usableFromInline let unwatched = AtomicWords(count: 1)
  private let state = Locked(State())

  private struct State {
    var trace: (@Sendable (ResolutionEvent) -> Void)?
    /// Whether each event is also written, as a line, to `logger` (Factory's `trace = true`).
    var logsTrace = false
    var logger = TraceLogger { print($0) }
    /// How many recordings are in progress.
    var recordings = 0
    var leaks: LeakTracker?
    var decorator: (@Sendable (Any) -> Void)?
    var isOn: Bool {
      trace != nil || logsTrace || recordings != 0 || leaks != nil || decorator != nil
    }

  }

  init() {
    unwatched.storeReleasing(1)
  }

  deinit { unwatched.deallocate() }

  /// Whether anyone watches.
  var isOn: Bool { state.withLock(\.isOn) }

  /// Who watches the resolution about to happen on this task, or nil: one load when nobody does.
  @inlinable
  @inline(__always)
  func observer() -> Observer? {
    unwatched.loadAcquiring() != 0 ? nil : currentObserver()
  }

  @usableFromInline
  func currentObserver() -> Observer? {
    let (trace, logger, leaks, decorator) = state.withLock {
      ($0.trace, $0.logsTrace ? $0.logger : nil, $0.leaks, $0.decorator)
    }
    let recorders = GraphRecorder.current?.recorders(for: self) ?? []
    guard trace != nil || logger != nil || !recorders.isEmpty || leaks != nil || decorator != nil
    else {
      return nil
    }
    return Observer(
      trace: trace, logger: logger, recorders: recorders, leaks: leaks, decorator: decorator)
  }

  var trace: (@Sendable (ResolutionEvent) -> Void)? {
    state.withLock { $0.trace }
  }

  /// Replaces the trace handler.
  func setTrace(_ trace: (@Sendable (ResolutionEvent) -> Void)?) {
    update { $0.trace = trace }
  }

  /// Whether each event is written to `logger`.
  var logsTrace: Bool {
    get { state.withLock { $0.logsTrace } }
    set { update { $0.logsTrace = newValue } }
  }

  /// Where a trace's lines go; `print` until replaced.
  var logger: TraceLogger {
    get { state.withLock { $0.logger } }
    set { update { $0.logger = newValue } }
  }

  /// Replaces the container-wide decorator.
  func setDecorator(_ decorator: (@Sendable (Any) -> Void)?) {
    update { $0.decorator = decorator }
  }

  /// Replaces the leak tracker.
  func setLeakTracker(_ tracker: LeakTracker?) {
    update { $0.leaks = tracker }
  }

  /// Counts a recording in (`+1`) or out (`-1`).
  func changeRecordings(by change: Int) {
    update { $0.recordings += change }
  }

  /// Changes who watches, and says in `unwatched` whether anyone still does.
  private func update(_ change: (inout State) -> Void) {
    state.withLock { state in
      change(&state)
      unwatched.storeReleasing(state.isOn ? 0 : 1)
    }
  }
}

extension ContainerManager {
  /// Makes resolutions take the locked path while anyone watches, and the lock-free path again
  /// once nobody does.
  func observationChanged() {
    registry.withLock { publishReadiness($0) }
  }
}

/// Where a trace's lines go, held across threads.
struct TraceLogger: @unchecked Sendable {
  // NB: `@unchecked` because Factory's `logger` is a plain closure, which tests set to append to
  // their own local state. It is stored and read only under `Observation`'s lock, and called on
  // the resolving thread, as Factory calls it; what it captures is the app's to keep safe.
  let log: (String) -> Void
}
