/// The watchers of one resolution: the container's trace, the graph recordings of the task, a
/// leak check, and the container-wide decorator.
@usableFromInline
struct Observer {
  let trace: (@Sendable (ResolutionEvent) -> Void)?
  /// Where `trace = true` writes, in Factory's format; nil while it is off.
  let logger: TraceLogger?
  let recorders: [GraphRecorder]
  let leaks: LeakTracker?
  /// The container-wide decorator, which sees every value the container's factories resolve.
  let decorator: (@Sendable (Any) -> Void)?

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
    let indent = String(repeating: "    ", count: depth)
    state.traceLines.append("\(depth): \(indent)\(registration.key.description)<\(Value.self)>")
    return state.traceLines.count - 1
  }

  /// Completes the trace line at `line` with how the value came to be, as Factory writes it:
  /// `F` built by the declaration, `R` by a registration, `O` by a context (`onTest`, `onArg`,
  /// …), `C` kept by its scope; then the instance's address and type. The top-level
  /// resolution's end writes the trace to the logger, outermost resolution first.
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
    let indent = String(repeating: "    ", count: depth)
    let source = outcome == .built ? TraceSource.declaration : .kept
    logger.log(
      "\(depth): \(indent)\(registration.key.description)<\(Value.self)> = \(source.rawValue)")
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
