/// The once-only resolution behind `@LazyInjected` and `@WeakLazyInjected`.
///
/// The first reader resolves with no lock held; readers that arrive meanwhile wait for it, and a
/// reader on the resolving thread itself is a cycle. The wrappers hold only this box, so reading
/// one copies a single reference.
///
/// It is not generic: the wrapper hands it a closure that resolves and returns the value in a
/// `Box<T>` (and, to hold it weakly, as an object), and reads that box back with its type, so
/// that none of this code looks up generic metadata at run time.
@usableFromInline
final class LazyBox: Sendable {
  private enum State: @unchecked Sendable {
    // NB: `@unchecked` because `.strong` holds the resolved value's box and `.weak` the object,
    // built by the first reader and read by every later one, on any thread: that is what a
    // lazily injected property shared between threads asks for. The state itself is only read
    // and written under `state`'s lock, and the box is published once (`resolved`).
    case unresolved
    /// Being resolved by `owner`; the latch exists once another thread waits for it.
    case resolving(owner: ObjectIdentifier, latch: Latch<Construction.Outcome>?)
    /// The value's `Box<T>`.
    case strong(AnyObject)
    /// The value held weakly; nil for a value that is not a class instance.
    case weak(WeakBox?)
  }

  private enum Step {
    case done(LazyValue)
    case resolve
    case wait(Latch<Construction.Outcome>)
    case cycle
  }

  private let state: Locked<State>
  /// The strongly held value's `Box<T>`, retained, once resolved; 0 until then. Written once,
  /// with a release store, and never changed, so a reader that sees it needs no lock.
  @usableFromInline let resolved = AtomicWords(count: 1)
  private let key: FactoryKey
  /// Resolves the factory and returns the value in a `Box<T>`, and as an object when asked to
  /// hold it weakly and it is one.
  private let resolve: Resolve

  @usableFromInline
  typealias Resolve = @Sendable (_ weakly: Bool) -> (box: AnyObject, object: AnyObject?)

  @usableFromInline
  init(key: FactoryKey, resolve: @escaping Resolve) {
    self.key = key
    self.resolve = resolve
    state = Locked(.unresolved)
  }

  private init(key: FactoryKey, resolve: @escaping Resolve, resolved value: State) {
    self.key = key
    self.resolve = resolve
    state = Locked(value)
    if case .strong(let box) = value {
      resolved.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
    }
  }

  /// A box for the same factory that already holds `box`, a `Box<T>`: for a wrapper that is
  /// assigned to or resolved again. Copies of the wrapper made earlier keep this box.
  @usableFromInline
  func replaced(strongly box: AnyObject) -> LazyBox {
    LazyBox(key: key, resolve: resolve, resolved: .strong(box))
  }

  /// A box for the same factory that already holds `object` weakly.
  @usableFromInline
  func replaced(weakly object: AnyObject?) -> LazyBox {
    LazyBox(key: key, resolve: resolve, resolved: .weak(object.map(WeakBox.init)))
  }

  /// What the box holds, without resolving: nil until the first read has resolved.
  @usableFromInline
  func peek() -> LazyValue? {
    state.withLock { state in
      switch state {
      case .strong(let box): .boxed(box)
      case .weak(let box): .object(box?.object)
      case .unresolved, .resolving: nil
      }
    }
  }

  deinit {
    if let address = UnsafeRawPointer(bitPattern: resolved.loadAcquiring()) {
      Unmanaged<AnyObject>.fromOpaque(address).release()
    }
    resolved.deallocate()
  }

  /// The strongly held value's `Box<T>`, if it was resolved: one load, no lock.
  @inlinable
  var resolvedBox: UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: resolved.loadAcquiring())
  }

  /// Resolves on the first call, or waits for the thread resolving; later calls return what the
  /// first one kept.
  @usableFromInline
  func value(holdingWeakly weakly: Bool) -> LazyValue {
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    let step: Step = state.withLock { state in
      switch state {
      case .strong(let box): return .done(.boxed(box))
      case .weak(let box): return .done(.object(box?.object))
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
      case .built(let box): return .boxed(box)
      case .failed(let failure):
        reportFailure(.dependencyFailed(key, because: failure), in: ResolutionState.current)
      }
    case .resolve:
      let (box, object) = resolve(weakly)
      if !weakly {
        resolved.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
      }
      let waiters: Latch<Construction.Outcome>? = state.withLock { state in
        guard case .resolving(_, let latch) = state else { return nil }
        state = weakly ? .weak(object.map(WeakBox.init)) : .strong(box)
        return latch
      }
      waiters?.open(with: .built(box))
      return .boxed(box)
    }
  }
}

/// What a lazy wrapper reads: its value in a `Box<T>`, or, once held weakly, the object itself.
@usableFromInline
enum LazyValue {
  case boxed(AnyObject)
  case object(AnyObject?)
}

extension LazyBox {
  /// A box that resolves `factory` on first use.
  @inlinable
  convenience init<T>(resolving factory: Factory<T>) {
    self.init(key: factory.registration.key) { weakly in
      let value = factory()
      return (Box(value), weakly ? classInstance(value) : nil)
    }
  }
}

extension LazyValue {
  /// The value, read back with the type the wrapper boxed it as; nil for an object no longer
  /// held, or for a value that is not an object once held weakly.
  @inlinable
  func unboxed<T>(as _: T.Type) -> T? {
    switch self {
    // The wrapper's own closure made the box, as a `Box<T>`.
    case .boxed(let box): unsafeDowncast(box, to: Box<T>.self).value
    // NB: unwrap before casting. `object as? T` on the Optional itself is miscompiled with -O
    // (Swift 6.3.1): specialized for a class `T`, the cast reads the nil payload as an object
    // and crashes in `swift_dynamicCastClass`. Docs/KnownIssues.md has the reduction.
    case .object(let object): object.flatMap { $0 as? T }
    }
  }
}
