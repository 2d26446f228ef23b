#if !canImport(Darwin)
// Public because `resolvedAddress` is inlined into the wrappers' users, where it reads the
// `Atomic`.
public import Synchronization
#endif

/// The once-only resolution behind `@LazyInjected` and `@WeakLazyInjected`.
///
/// The first reader resolves with no lock held; readers that arrive meanwhile wait for it, and a
/// reader on the resolving thread itself is a cycle. The wrappers hold only this box, so reading
/// one copies a single reference.
///
/// It is not generic, so that none of its code, its deinitializer included, looks up generic
/// metadata at run time: the wrapper hands it a closure that resolves the factory and returns
/// the value as an object (`keptObject`), and reads it back with its type (`keptValue`). Its
/// state changes under a striped lock (`StripedLocks`) rather than a lock of its own, and a
/// class instance is kept as itself, so a lazily injected property costs its owner the box and
/// the closure.
@usableFromInline
final class LazyBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because `state` is read and written only while holding this box's
  // stripe of `StripedLocks`, the resolved word is atomic, `resolve` (not `Sendable`, since it
  // moves the factory out of its context) is called once, by the one thread that moved `state`
  // from unresolved to resolving, and the other properties are constants.
  // The value is built by the first reader and read by every later one, on any thread: that is
  // what a lazily injected property shared between threads asks for.
  private enum State {
    case unresolved
    /// Being resolved by `owner`; the latch exists once another thread waits for it.
    case resolving(owner: ObjectIdentifier, latch: Latch<Construction.Outcome>?)
    /// The value is in the resolved word.
    case strong
    /// The value held weakly; nil for a value that is not a class instance.
    case weak(WeakBox?)
  }

  private enum Step {
    case done
    case resolve
    case wait(Latch<Construction.Outcome>)
    case cycle
  }

  /// Resolves the factory. Held strongly, returns the value as `keptObject` makes it; held
  /// weakly, the value as a class instance, or nil when it is none.
  ///
  /// It is not `Sendable`, because it takes the factory out of its context: only `value` calls
  /// it, once, on the one thread that moved `state` from unresolved to resolving under the
  /// stripe lock.
  @usableFromInline
  typealias Resolve = (_ weakly: Bool) -> AnyObject?

  private var state: State
  private let key: FactoryKey
  private let resolve: Resolve

  #if canImport(Darwin)
  /// The strongly held value, as `keptObject` made it, retained, once resolved; 0 until then.
  /// Written once, with a release store, and never changed, so a reader that sees it needs no
  /// lock. Allocated: Apple systems before macOS 15 have no `Atomic`, and read it as 0, which
  /// takes the locked way.
  @usableFromInline let resolvedWord = AtomicWords(count: 1)
  #else
  /// The strongly held value, as `keptObject` made it, retained, once resolved; 0 until then.
  /// Written once, with a release store, and never changed, so a reader that sees it needs no
  /// lock.
  @usableFromInline let resolvedWord = Atomic<UInt>(0)
  #endif

  @usableFromInline
  init(key: FactoryKey, resolve: @escaping Resolve) {
    self.key = key
    self.resolve = resolve
    state = .unresolved
  }

  private init(key: FactoryKey, resolve: @escaping Resolve, state: State, stored: AnyObject?) {
    self.key = key
    self.resolve = resolve
    self.state = state
    if let stored { publish(stored) }
  }

  deinit {
    if let address = resolvedAddress { Unmanaged<AnyObject>.fromOpaque(address).release() }
    #if canImport(Darwin)
    resolvedWord.deallocate()
    #endif
  }

  /// The strongly held value's address, as `keptObject` made it, once resolved: one load, no
  /// lock.
  @inlinable
  var resolvedAddress: UnsafeRawPointer? {
    #if canImport(Darwin)
    UnsafeRawPointer(bitPattern: resolvedWord.loadAcquiring())
    #else
    UnsafeRawPointer(bitPattern: resolvedWord.load(ordering: .acquiring))
    #endif
  }

  private func publish(_ object: AnyObject) {
    let address = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    #if canImport(Darwin)
    resolvedWord.storeReleasing(address)
    #else
    resolvedWord.store(address, ordering: .releasing)
    #endif
  }

  /// The strongly held value, once resolved; under the stripe lock, after `state` said so.
  private var stored: AnyObject {
    Unmanaged<AnyObject>.fromOpaque(resolvedAddress.unsafelyUnwrapped).takeUnretainedValue()
  }

  /// A box for the same factory that already holds `object`, made by `keptObject`: for a
  /// wrapper that is assigned to or resolved again. Copies of the wrapper made earlier keep
  /// this box.
  @usableFromInline
  func replaced(strongly object: AnyObject) -> LazyBox {
    LazyBox(key: key, resolve: resolve, state: .strong, stored: object)
  }

  /// A box for the same factory that already holds `object` weakly.
  @usableFromInline
  func replaced(weakly object: AnyObject?) -> LazyBox {
    LazyBox(key: key, resolve: resolve, state: .weak(object.map(WeakBox.init)), stored: nil)
  }

  /// What the box holds, without resolving: nil until the first read has resolved.
  @usableFromInline
  func peek() -> LazyValue? {
    StripedLocks.withLock(for: self) {
      switch state {
      case .strong: .kept(stored)
      case .weak(let box): .object(box?.object)
      case .unresolved, .resolving: nil
      }
    }
  }

  /// Resolves on the first call, or waits for the thread resolving; later calls return what the
  /// first one kept.
  @usableFromInline
  func value(holdingWeakly weakly: Bool) -> LazyValue {
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    let step: Step = StripedLocks.withLock(for: self) {
      switch state {
      case .strong, .weak: return .done
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
    case .done:
      return peek().unsafelyUnwrapped
    case .cycle:
      let resolution = ResolutionState.current
      reportFailure(.cycle(chain: resolution.chain + [key.description]), in: resolution)
    case .wait(let latch):
      switch latch.wait() {
      case .built(let object):
        return (object as? WeaklyHeld).map { .object($0.object) } ?? .kept(object)
      case .failed(let failure):
        reportFailure(.dependencyFailed(key, because: failure), in: ResolutionState.current)
      }
    case .resolve:
      let object = resolve(weakly)
      if !weakly { publish(object.unsafelyUnwrapped) }
      let waiters: Latch<Construction.Outcome>? = StripedLocks.withLock(for: self) {
        guard case .resolving(_, let latch) = state else { return nil }
        state = weakly ? .weak(object.map(WeakBox.init)) : .strong
        return latch
      }
      // Waiters for a weakly held value get the object held strongly until they have it, as
      // the first reader does: it may have no other owner yet.
      waiters?.open(with: .built(weakly ? WeaklyHeld(object) : object.unsafelyUnwrapped))
      return weakly ? .object(object) : .kept(object.unsafelyUnwrapped)
    }
  }
}

/// What a waiter for a weakly held value gets: the object, held strongly until it has it.
private final class WeaklyHeld {
  let object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

/// What a lazy wrapper reads: its value as `keptObject` made it, or, once held weakly, the
/// object itself.
@usableFromInline
enum LazyValue {
  case kept(AnyObject)
  case object(AnyObject?)
}

extension LazyBox {
  /// A box that resolves `factory` on first use.
  ///
  /// The closure takes the factory out of the variable it captures, so calling it copies
  /// nothing, and the box lets go of the factory's container and builders once it has the
  /// value.
  @inlinable
  convenience init<T>(resolving factory: consuming Factory<T>) {
    let key = factory.registration.key
    var pending = Optional(factory)
    self.init(key: key) { weakly in
      let value = pending.take().unsafelyUnwrapped()
      return weakly ? classInstance(value) : keptObject(value)
    }
  }

  /// The strongly held value, resolved by the first read.
  @inlinable
  func read<T>(as _: T.Type) -> T {
    if let address = resolvedAddress {
      return Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef { keptValue($0) }
    }
    return value(holdingWeakly: false).unboxed(as: T.self)!
  }
}

extension LazyValue {
  /// The value, read back with the type the wrapper kept it as; nil for an object no longer
  /// held, or for a value that is not an object once held weakly.
  @inlinable
  func unboxed<T>(as _: T.Type) -> T? {
    switch self {
    // The wrapper's own closure made the object, from a `T`.
    case .kept(let object): keptValue(object, as: T.self)
    // NB: unwrap before casting. `object as? T` on the Optional itself is miscompiled with -O
    // (Swift 6.3.1): specialized for a class `T`, the cast reads the nil payload as an object
    // and crashes in `swift_dynamicCastClass`. Docs/KnownIssues.md has the reduction.
    case .object(let object): object.flatMap { $0 as? T }
    }
  }
}
