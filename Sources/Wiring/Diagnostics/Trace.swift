/// Whether anyone watches a container's resolutions: its trace, the graph recordings in
/// progress, a leak check, and a container-wide decorator.
///
/// While anyone watches, the container stops publishing for the lock-free path (see
/// `ContainerManager.publishReadiness`), so every resolution takes the locked path, which reports
/// cache hits as well as builds. When nobody watches, the locked path pays one load and a branch.
@usableFromInline
final class Watchers: Sendable {
  /// 1 while nobody watches; 0 when someone does.
  @usableFromInline let unwatched = AtomicWordBuffer(count: 1)
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

  /// Whether anyone watches, as the latest change left `unwatched`: no lock, and no key path,
  /// which a debug build applies through the runtime.
  var isOn: Bool { unwatched.loadAcquiring() == 0 }

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

  /// The container-wide decorator.
  var decorator: (@Sendable (Any) -> Void)? {
    state.withLock { $0.decorator }
  }

  /// Replaces the container-wide decorator, and returns the one it replaced, for its caller to
  /// release after any lock it holds: what the closure captured may resolve as it goes.
  @discardableResult
  func setDecorator(_ decorator: (@Sendable (Any) -> Void)?) -> (@Sendable (Any) -> Void)? {
    var replaced: (@Sendable (Any) -> Void)?
    update { state in
      replaced = state.decorator
      state.decorator = decorator
    }
    return replaced
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
  // their own local state. It is stored and read only under `Watchers`'s lock, and called on
  // the resolving thread, as Factory calls it; what it captures is the app's to keep safe.
  let log: (String) -> Void
}

/// The watchers of one resolution: the container's trace, the graph recordings of the task, a
/// leak check, and the container-wide decorator.
///
/// A class, though made only while something watches: every locked resolution holds an
/// `Observer?`, and dropping a nil reference is one test, where dropping a nil optional struct
/// of seven words took an outlined destroy and a generic call (about 40 instructions).
@usableFromInline
final class Observer {
  let trace: (@Sendable (ResolutionEvent) -> Void)?
  /// Where `trace = true` writes, in Factory's format; nil while it is off.
  let logger: TraceLogger?
  let recorders: [GraphRecorder]
  let leaks: LeakTracker?
  /// The container-wide decorator, which sees every value the container's factories resolve.
  let decorator: (@Sendable (Any) -> Void)?

  init(
    trace: (@Sendable (ResolutionEvent) -> Void)?, logger: TraceLogger?, recorders: [GraphRecorder],
    leaks: LeakTracker?, decorator: (@Sendable (Any) -> Void)?
  ) {
    self.trace = trace
    self.logger = logger
    self.recorders = recorders
    self.leaks = leaks
    self.decorator = decorator
  }

  /// Shows `value` to the container-wide decorator, if any.
  @usableFromInline
  func decorate<Value>(_ value: Value) {
    decorator?(value)
  }

  /// Hands a newly built instance to the leak check, with the factories that built it.
  @usableFromInline
  func built<Value>(_ value: Value, scope: Scope, chain: @autoclosure () -> [String]) {
    leaks?.track(value, scope: scope, chain: chain())
  }

  /// Reports a resolution on this thread's synchronous path; returns the place of its line in
  /// a trace in Factory's format, which ``finished(_:_:as:)`` completes, or nil when none is
  /// written.
  ///
  /// - Parameters:
  ///   - scope: the scope the resolution used, when known; nil for a kept instance, whose scope
  ///     is the override's, else the declaration's.
  ///   - parameter: the address and type of a `ParameterFactory`'s argument.
  @usableFromInline
  @discardableResult
  func resolved<Value, Builder>(
    _ outcome: ResolutionEvent.Outcome, _ registration: FactoryRegistration<Value, Builder>,
    scope: Scope?, parameter: UnsafeRawPointer?, _ parameterType: Any.Type?
  ) -> Int? {
    let state = ResolutionState.current
    // Inside an async builder, the async factories being built enclose this thread's frames.
    let enclosing = AsyncResolution.current
    let depth = (enclosing?.depth ?? 0) + state.frames.count
    if trace != nil || !recorders.isEmpty {
      let parent =
        state.frames.last.map {
          GraphNodeIdentity(
            key: $0.key, parameter: parameterDescription($0.parameter, $0.parameterType))
        } ?? enclosing.map { GraphNodeIdentity(key: $0.key, parameter: nil) }
      report(
        outcome, registration, scope: scope,
        parameter: parameterDescription(parameter, parameterType), depth: depth, parent: parent)
    }
    guard logger != nil else { return nil }
    // A top-level resolution starts a new trace; what a failed one left is dropped.
    if state.frames.isEmpty { state.traceLines = [] }
    state.traceLines.append(Self.traceLine(registration, depth: depth))
    return state.traceLines.count - 1
  }

  /// The start of a trace line in Factory's format: `1:     Container.api<API>`.
  private static func traceLine<Value, Builder>(
    _ registration: FactoryRegistration<Value, Builder>, depth: Int
  ) -> String {
    let indent = String(repeating: "    ", count: depth)
    return "\(depth): \(indent)\(registration.key.description)<\(Value.self)>"
  }

  /// Completes the trace line at `line` with the `TraceSource` letter, the instance's address
  /// and its type; the top-level resolution's end writes the trace to the logger, outermost first.
  @usableFromInline
  func finished<Value>(_ line: Int?, _ value: Value, as source: @autoclosure () -> TraceSource) {
    guard let line, let logger else { return }
    let state = ResolutionState.current
    guard line < state.traceLines.count else { return }
    let address = Int(bitPattern: ObjectIdentifier(value as AnyObject))
    state.traceLines[line] += " = \(source().rawValue):\(address) \(type(of: value as Any))"
    guard line == 0 else { return }
    let lines = state.traceLines
    state.traceLines = []
    for entry in lines { logger.log(entry) }
  }

  /// Writes an asynchronous resolution's trace line as it starts: its tasks interleave, so it
  /// has no place in a thread's trace, and it ends with `F` for a build or `C` for a kept
  /// instance, without the instance.
  func logAsync<Value, Builder>(
    _ outcome: ResolutionEvent.Outcome, _ registration: FactoryRegistration<Value, Builder>,
    depth: Int
  ) {
    guard let logger else { return }
    let source = outcome == .built ? TraceSource.declaration : .kept
    logger.log(Self.traceLine(registration, depth: depth) + " = \(source.rawValue)")
  }

  /// Reports a resolution whose depth and enclosing factory the caller knows.
  func report<Value, Builder>(
    _ outcome: ResolutionEvent.Outcome, _ registration: FactoryRegistration<Value, Builder>,
    scope: Scope?, parameter: String?, depth: Int, parent: GraphNodeIdentity?
  ) {
    let key = registration.key
    let event = ResolutionEvent(
      depth: depth, key: key.description, type: String(describing: Value.self),
      scope: scope
        ?? registration.container.manager.keptScope(
          of: key, declared: registration.scope),
      parameter: parameter, outcome: outcome)
    trace?(event)
    let node = GraphNodeIdentity(key: key, parameter: parameter)
    for recorder in recorders { recorder.record(event, node: node, parent: parent) }
  }
}

/// How a traced resolution got its value, in Factory's letters.
@usableFromInline
enum TraceSource: Character {
  /// The declaration's builder.
  case declaration = "F"
  /// A builder registered with `register`.
  case registration = "R"
  /// A context's builder: `onTest`, `onArg`, `onDebug`, ….
  case context = "O"
  /// A kept instance.
  case kept = "C"
}

/// A factory in a recorded graph: its key, and its argument for a `ParameterFactory`.
struct GraphNodeIdentity: Hashable, Sendable {
  let key: FactoryKey
  let parameter: String?
}

/// A `ParameterFactory`'s argument as Swift prints it.
func parameterDescription(_ parameter: UnsafeRawPointer?, _ parameterType: Any.Type?) -> String? {
  guard let parameter, let parameterType else { return nil }
  func open<P>(_: P.Type) -> String {
    String(reflecting: parameter.assumingMemoryBound(to: P.self).pointee)
  }
  return open(parameterType)
}

extension ContainerManager {
  /// The scope an instance of `key` is kept for: the override's, else the declaration's.
  func keptScope(of key: FactoryKey, declared: Scope?) -> Scope {
    registry.withLock { $0.scope(of: $0.slots.slot(for: key), declared: declared) }
  }
}

extension ContainerManager {
  /// Whether this container writes each resolution to ``logger``, one line each, as Factory does.
  ///
  /// ```swift
  /// Container.shared.manager.trace = true
  /// // 0: Container.viewModel<ViewModel> = F:105553116266496 ViewModel
  /// // 1:     Container.api<APIClient> = C:105553116266560 LiveAPIClient
  /// Container.shared.manager.trace = false
  /// ```
  ///
  /// The lines of one top-level resolution are written when it ends, outermost first: the level,
  /// the factory and its type, then `F` (built by the declaration), `R` (by a registration), `O`
  /// (by a context) or `C` (kept), the instance's address and its type; an async factory's line
  /// is written as it starts, ending in `F` or `C`, without the instance. ``onResolution``
  /// receives ``ResolutionEvent`` values instead. Unlike Factory's, it is per container. Off, it
  /// costs the lock-free path nothing; on, every resolution of this container takes the locked
  /// path, so that cache hits are reported too: a trace is for finding out what happens, not for
  /// production hot paths.
  public var trace: Bool {
    get { observation.logsTrace }
    set {
      observation.logsTrace = newValue
      observationChanged()
    }
  }

  /// Where ``trace`` writes its lines: `print` until you set it.
  ///
  /// It runs on the resolving thread, with no lock held, when a top-level resolution ends; keep it
  /// quick, do not resolve from it, and make what it captures safe to use from the threads that
  /// resolve.
  ///
  /// ```swift
  /// var lines: [String] = []
  /// Container.shared.manager.logger = { lines.append($0) }
  /// ```
  public var logger: (String) -> Void {
    get { observation.logger.log }
    set { observation.logger = TraceLogger(log: newValue) }
  }

  /// Receives every resolution this container makes, as a value; nil (the default) for none.
  ///
  /// Each ``ResolutionEvent`` says which factory resolved, how deeply nested, in which scope,
  /// and whether it built a new instance or reused a kept one. The handler runs on the resolving
  /// thread, with no lock held, before the factory builds; keep it quick, and do not resolve from
  /// it. Set it back to nil to stop.
  ///
  /// ```swift
  /// Container.shared.manager.onResolution = { event in logger.debug("\(event)") }
  /// Container.shared.manager.onResolution = nil
  /// ```
  ///
  /// Like ``trace``, it sends every resolution of this container down the locked path while set.
  public var onResolution: (@Sendable (ResolutionEvent) -> Void)? {
    get { observation.trace }
    set {
      observation.setTrace(newValue)
      observationChanged()
    }
  }
}

/// One resolution, as a trace reports it: which factory, how deep, in which scope, and whether it
/// built a new instance or reused a kept one.
///
/// Its `description` is one line, indented two spaces per level of nesting, ready for a logger:
///
/// ```swift
/// Container.shared.manager.onResolution = { event in logger.debug("\(event)") }
/// // Container.viewModel: ViewModel [unique] built
/// //   Container.api: APIClient [singleton] cached
/// ```
public struct ResolutionEvent: Sendable, Hashable, CustomStringConvertible {
  /// What a resolution did to get its value.
  public enum Outcome: String, Sendable, Hashable {
    /// It ran the factory's builder: a new instance.
    case built
    /// It returned an instance its scope kept.
    case cached
    /// It waited for the same instance that another thread or task was building.
    case joined
  }

  /// How many resolutions enclose this one: 0 for a resolution made by app code.
  public let depth: Int
  /// The factory, spelled `Container.api`.
  public let key: String
  /// The type the factory produces, as Swift prints it.
  public let type: String
  /// The scope the instance was kept for (or not, for `.unique`).
  public let scope: Scope
  /// The parameter of a `ParameterFactory`, as Swift prints it; nil for other factories.
  public let parameter: String?
  /// Whether the resolution built or reused its value.
  public let outcome: Outcome

  /// Makes an event; Wiring makes them, tests of a logger may too.
  public init(
    depth: Int, key: String, type: String, scope: Scope, parameter: String? = nil,
    outcome: Outcome
  ) {
    self.depth = depth
    self.key = key
    self.type = type
    self.scope = scope
    self.parameter = parameter
    self.outcome = outcome
  }

  /// `Container.user(42): User [cached] built`, indented by depth.
  public var description: String {
    let indent = String(repeating: "  ", count: depth)
    let argument = parameter.map { "(\($0))" } ?? ""
    return "\(indent)\(key)\(argument): \(type) [\(scope)] \(outcome.rawValue)"
  }
}
