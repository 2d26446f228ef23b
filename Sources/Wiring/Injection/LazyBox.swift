/// The once-only resolution behind `@LazyInjected` and `@WeakLazyInjected`, with the factory it
/// resolves.
///
/// The first reader resolves with no lock held; readers that arrive meanwhile wait for it, and a
/// reader on the resolving thread itself is a cycle. The wrappers hold only this box, so reading
/// one copies a single reference.
@usableFromInline
final class LazyBox<T>: Sendable {
  private enum State {
    case unresolved
    /// Being resolved by `owner`; the latch exists once another thread waits for it.
    case resolving(owner: ObjectIdentifier, latch: Latch<Construction.Outcome>?)
    case strong(T)
    /// Held weakly; nil for a value that is not a class instance.
    case weak(WeakBox?)
  }

  private enum Step {
    case done(T?)
    case resolve
    case wait(Latch<Construction.Outcome>)
    case cycle
  }

  private let state = Locked(State.unresolved)
  /// The strongly held value's `Box<T>`, retained, once resolved; 0 until then. Written once,
  /// with a release store, and never changed, so a reader that sees it needs no lock.
  @usableFromInline let resolved = AtomicWords(count: 1)

  private let factory: Factory<T>

  @usableFromInline
  init(_ factory: Factory<T>) { self.factory = factory }

  deinit {
    if let address = UnsafeRawPointer(bitPattern: resolved.loadAcquiring()) {
      Unmanaged<Box<T>>.fromOpaque(address).release()
    }
    resolved.deallocate()
  }

  /// The strongly held value, if it was resolved: one load, no lock.
  @inlinable
  func resolvedValue() -> T? {
    guard let address = UnsafeRawPointer(bitPattern: resolved.loadAcquiring()) else { return nil }
    return Unmanaged<Box<T>>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.value }
  }

  @usableFromInline
  func value(holdingWeakly weakly: Bool) -> T? {
    let key = factory.registration.key
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    let step: Step = state.withLock { state in
      switch state {
      case .strong(let value): return .done(value)
      case .weak(let box): return .done(box?.object as? T)
      case .resolving(let owner, let latch):
        if owner == me { return .cycle }
        if let latch { return .wait(latch) }
        let created = Latch<Construction.Outcome>()
        state = .resolving(owner: owner, latch: created)
        return .wait(created)
      case .unresolved:
        state = .resolving(owner: me, latch: nil)
        return .resolve
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
    case .resolve:
      let value = factory()
      if !weakly {
        resolved.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(Box(value)).toOpaque()))
      }
      let waiters: Latch<Construction.Outcome>? = state.withLock { state in
        guard case .resolving(_, let latch) = state else { return nil }
        state = weakly ? .weak(classInstance(value).map(WeakBox.init)) : .strong(value)
        return latch
      }
      waiters?.open(with: .built(Box(value)))
      return value
    }
  }
}
