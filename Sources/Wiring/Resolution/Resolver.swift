/// The one resolution routine behind `Factory`, `ParameterFactory` and `MainActorFactory`.
///
/// It asks the container's lock what is kept, then builds with no lock held: a factory may
/// resolve others freely, and two unrelated slow factories build in parallel.
@usableFromInline
struct Resolver<T, Builder: Sendable> {
  @usableFromInline let key: FactoryKey
  @usableFromInline let definition: Definition<T, Builder>
  @usableFromInline let container: any ManagedContainer

  @inlinable
  init(key: FactoryKey, definition: Definition<T, Builder>, container: any ManagedContainer) {
    self.key = key
    self.definition = definition
    self.container = container
  }

  /// Resolves with `build` turning the chosen builder into a value.
  ///
  /// - Parameters:
  ///   - parameter: the address and type of a `ParameterFactory`'s argument, for cycle checks.
  ///   - parameterSlot: picks the per-parameter slot of a `.scopeOnParameters` factory.
  @usableFromInline
  func resolve(
    parameter: UnsafeRawPointer? = nil, parameterType: Any.Type? = nil,
    parameterSlot: ((Slot) -> Slot)? = nil, build: (Builder) -> T
  ) -> T {
    let manager = container.manager
    while true {
      switch manager.lookup(key, scope: definition.scope, parameterSlot: parameterSlot) {
      case .hit(let box):
        // The key includes `T`, so whatever was kept under it is a `Box<T>`.
        return unsafeDowncast(box, to: Box<T>.self).value
      case .sharedHit(let object):
        if let value = object as? T { return value }
        preconditionFailure("Wiring: \(key) kept \(type(of: object)), which is not \(T.self)")
      case .autoRegister(let latch):
        manager.runAutoRegistration(for: container, waitingOn: latch)
      case .wait(let construction):
        return wait(for: construction)
      case .build(let override, let scope, let target, let construction, let generation):
        let state = ResolutionState.current
        let typed = override.map { $0 as? Override<T, Builder> } ?? nil
        if scope.kind == .graph, let box = state.graphInstances[key] {
          return unsafeDowncast(box, to: Box<T>.self).value
        }
        guard let builder = typed?.effectiveBuilder ?? definition.effectiveBuilder else {
          if let construction { state.ownedConstructions.append(construction) }
          reportFailure(
            .missingRegistration(key, chain: state.chain + [key.description]), in: state)
        }
        if let construction { state.ownedConstructions.append(construction) }
        if let failure = state.enter(key, parameter: parameter, parameterType: parameterType) {
          reportFailure(failure, in: state)
        }
        let value = build(builder)
        if let decorator = typed?.decorator ?? definition.decorator { decorator(value) }
        let box = Box(value)
        if scope.kind == .graph { state.graphInstances[key] = box }
        state.leave()
        if let construction, let target {
          state.ownedConstructions.removeLast()
          manager.keep(
            box, object: value as AnyObject, in: target, scope: scope, construction: construction,
            generation: generation)
          construction.latch.open(with: .built(box))
        }
        return value
      }
    }
  }

  /// Waits for another thread's build of the same instance, unless that would deadlock.
  @usableFromInline
  func wait(for construction: Construction) -> T {
    let state = ResolutionState.current
    if construction.owner == state.id {
      let start = state.frames.firstIndex { $0.key == construction.key } ?? 0
      let loop = state.frames[start...].map(\.key.description)
      reportFailure(.cycle(chain: loop + [construction.key.description]), in: state)
    }
    if let failure = WaitGraph.beginWaiting(state, for: construction) {
      reportFailure(failure, in: state)
    }
    let outcome = construction.latch.wait()
    WaitGraph.endWaiting(state)
    switch outcome {
    case .built(let box):
      return unsafeDowncast(box, to: Box<T>.self).value
    case .failed(let failure):
      reportFailure(.dependencyFailed(key, because: failure), in: state)
    }
  }
}
