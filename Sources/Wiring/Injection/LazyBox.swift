/// The once-only resolution behind `@LazyInjected` and `@WeakLazyInjected`.
///
/// The first reader resolves with no lock held; readers that arrive meanwhile wait for it, and a
/// reader on the resolving thread itself is a cycle.
final class LazyBox<T>: Sendable {
  private enum State {
    case unresolved
    case resolving(owner: ObjectIdentifier, latch: Latch<Construction.Outcome>)
    case strong(T)
    /// Held weakly; nil for a value that is not a class instance.
    case weak(WeakBox?)
  }

  private enum Step {
    case done(T?)
    case resolve(Latch<Construction.Outcome>)
    case wait(Latch<Construction.Outcome>)
    case cycle
  }

  private let state = Locked(State.unresolved)

  func value(holdingWeakly weakly: Bool, key: FactoryKey, resolve: () -> T) -> T? {
    let me = ResolutionState.current.id
    let step: Step = state.withLock { state in
      switch state {
      case .strong(let value): return .done(value)
      case .weak(let box): return .done(box?.object as? T)
      case .resolving(let owner, let latch): return owner == me ? .cycle : .wait(latch)
      case .unresolved:
        let latch = Latch<Construction.Outcome>()
        state = .resolving(owner: me, latch: latch)
        return .resolve(latch)
      }
    }
    switch step {
    case .done(let value):
      return value
    case .cycle:
      let resolution = ResolutionState.current
      reportFailure(.cycle(chain: resolution.chain + [key.description]), in: resolution)
    case .wait(let latch):
      switch latch.wait() {
      case .built(let box): return (box as? Box<T>)?.value
      case .failed(let failure):
        reportFailure(.dependencyFailed(key, because: failure), in: ResolutionState.current)
      }
    case .resolve(let latch):
      let value = resolve()
      state.withLock { state in
        state = weakly ? .weak(classInstance(value).map(WeakBox.init)) : .strong(value)
      }
      latch.open(with: .built(Box(value)))
      return value
    }
  }
}
