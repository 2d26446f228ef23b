/// The watchers of one resolution: the container's trace, the graph recordings of the task, a
/// leak check, and the container-wide decorator.
@usableFromInline
struct Observer {
  let trace: (@Sendable (ResolutionEvent) -> Void)?
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

  /// Reports a resolution on this thread's synchronous path.
  ///
  /// - Parameters:
  ///   - scope: the scope the resolution used, when known; nil for a kept instance, whose scope
  ///     is the override's, else the declaration's.
  ///   - parameter: the address and type of a `ParameterFactory`'s argument.
  @usableFromInline
  func resolved<Value, Builder>(
    _ outcome: ResolutionEvent.Outcome, _ registration: FactoryRegistration<Value, Builder>,
    scope: Scope?, parameter: UnsafeRawPointer?, _ parameterType: Any.Type?
  ) {
    let state = ResolutionState.current
    // Inside an async builder, the async factories being built enclose this thread's frames.
    let enclosing = AsyncResolution.current
    let parent =
      state.frames.last.map {
        GraphNodeIdentity(
          key: $0.key, parameter: parameterDescription($0.parameter, $0.parameterType))
      } ?? enclosing.map { GraphNodeIdentity(key: $0.key, parameter: nil) }
    report(
      outcome, registration, scope: scope,
      parameter: parameterDescription(parameter, parameterType),
      depth: (enclosing?.depth ?? 0) + state.frames.count, parent: parent)
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
