#if !canImport(Darwin)
// Public because `isResolved` is inlined into the wrappers' users, where it reads the `Atomic`.
public import Synchronization
#endif

/// The once-only protocol behind `@LazyInjected` and `@WeakLazyInjected`: who resolves, who
/// waits, and which reads are cycles.
///
/// The first reader claims the box and resolves with no lock held; readers that arrive
/// meanwhile wait for it, and a reader on the resolving thread itself is a cycle. The value
/// lives in the `LazyCell` subclass, whose code the wrappers inline; this class knows nothing of
/// its type, so none of its code looks up generic metadata. Its state changes under a striped
/// lock (`StripedLocks`) rather than a lock of its own.
@usableFromInline
class LazyBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because `state` is read and written only while holding this box's
  // stripe of `StripedLocks`, the resolved word is atomic, and `key` is a constant. The cell's
  // value is written by the one thread that claimed the box, before it finishes; every other
  // reader reads it only after the resolved word's acquire load, the stripe lock or the latch
  // has ordered it after that write.
  private enum State {
    case unresolved
    /// Being resolved by `owner`; the latch exists once another thread waits for it.
    case resolving(owner: ObjectIdentifier, latch: Latch<Construction.Outcome>?)
    /// The cell holds the value.
    case resolved
  }

  private enum Step {
    case done
    case resolve
    case wait(Latch<Construction.Outcome>)
    case cycle
  }

  /// What a reader that is not on the fast path does next.
  @usableFromInline
  enum Claim {
    /// The cell holds the value.
    case resolved
    /// This reader claimed the box: it resolves, stores the value, then calls `finish`.
    case resolve
    /// Another thread resolved while this one waited. For a weakly held value, the object, kept
    /// alive until this reader has it.
    case waited(AnyObject?)
  }

  private var state: State
  /// The factory's key, for the message of a cycle.
  @usableFromInline let key: FactoryKey

  #if canImport(Darwin)
  /// 1 once the cell holds a strongly held value; 0 until then. Written once, with a release
  /// store, so a reader that sees 1 needs no lock to read the value. Allocated: Apple systems
  /// before macOS 15 have no `Atomic`, and read it as 0, which takes the locked way.
  @usableFromInline let resolvedWord = AtomicWords(count: 1)
  #else
  /// 1 once the cell holds a strongly held value; 0 until then. Written once, with a release
  /// store, so a reader that sees 1 needs no lock to read the value.
  @usableFromInline let resolvedWord = Atomic<UInt>(0)
  #endif

  /// A box that resolves on its first read or, `resolved`, one whose cell already holds the
  /// value: strongly when `publishing`.
  @usableFromInline
  init(key: FactoryKey, resolved: Bool, publishing: Bool) {
    self.key = key
    state = resolved ? .resolved : .unresolved
    if publishing { publish() }
  }

  deinit {
    #if canImport(Darwin)
    resolvedWord.deallocate()
    #endif
  }

  /// Whether the cell holds a strongly held value: one load, no lock.
  @inlinable
  var isResolved: Bool {
    #if canImport(Darwin)
    resolvedWord.loadAcquiring() != 0
    #else
    resolvedWord.load(ordering: .acquiring) != 0
    #endif
  }

  private func publish() {
    #if canImport(Darwin)
    resolvedWord.storeReleasing(1)
    #else
    resolvedWord.store(1, ordering: .releasing)
    #endif
  }

  /// Whether the cell holds the value, resolving nothing; takes the stripe lock.
  @usableFromInline
  var isSettled: Bool {
    StripedLocks.withLock(for: self) {
      if case .resolved = state { return true }
      return false
    }
  }

  /// Claims the box for this reader, or waits for the thread that did; traps with a cycle when
  /// that thread is this one.
  @usableFromInline
  func claim() -> Claim {
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    let step: Step = StripedLocks.withLock(for: self) {
      switch state {
      case .resolved: return .done
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
      return .resolved
    case .resolve:
      return .resolve
    case .cycle:
      let resolution = ResolutionState.current
      reportFailure(.cycle(chain: resolution.chain + [key.description]), in: resolution)
    case .wait(let latch):
      switch latch.wait() {
      case .built(let object):
        return .waited((object as? WeaklyHeld)?.object)
      case .failed(let failure):
        reportFailure(.dependencyFailed(key, because: failure), in: ResolutionState.current)
      }
    }
  }

  /// Ends the claim of a reader that stored a strongly held value in the cell.
  @usableFromInline
  func finishStrongly() {
    publish()
    finish(handing: nil)
  }

  /// Ends the claim of a reader that stored a weakly held value in the cell; waiters get
  /// `object` held strongly until they have it, as the first reader does: it may have no other
  /// owner yet.
  @usableFromInline
  func finishWeakly(handing object: AnyObject?) {
    finish(handing: object)
  }

  private func finish(handing object: AnyObject?) {
    let waiters: Latch<Construction.Outcome>? = StripedLocks.withLock(for: self) {
      guard case .resolving(_, let latch) = state else { return nil }
      state = .resolved
      return latch
    }
    waiters?.open(with: .built(WeaklyHeld(object)))
  }
}

/// What a waiter gets: for a weakly held value, the object, held strongly until it has it.
private final class WeaklyHeld {
  let object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

/// A `LazyBox` with the factory to resolve and the value it resolved to, inline.
///
/// Each stored property's type is one of the class's own generic parameters, so that freeing a
/// cell reads their metadata from the cell's own and looks nothing up: a property typed
/// `Factory<T>?` would make every free look up that type's metadata. `@LazyInjected` uses
/// `LazyCell<Factory<T>?, T?>` and `@WeakLazyInjected` `LazyCell<Factory<T>?, WeakBox?>`.
@usableFromInline
final class LazyCell<Pending, Value>: LazyBox, @unchecked Sendable {
  // NB: `@unchecked` is sound for the superclass's reasons, which cover these two: `pending` is
  // taken only by the reader that claimed the box, and `value` is written by that reader before
  // it finishes, or at init, and read by the others only once the box has ordered that write
  // before the read.
  /// The factory until the first read takes it out; then nil, so the cell keeps neither the
  /// container nor the builders.
  @usableFromInline @exclusivity(unchecked) var pending: Pending
  /// The value, once resolved.
  @usableFromInline @exclusivity(unchecked) var value: Value

  /// A cell that resolves `pending` on its first read.
  @inlinable
  init(key: FactoryKey, pending: Pending, empty: Value) {
    self.pending = pending
    value = empty
    super.init(key: key, resolved: false, publishing: false)
  }

  /// A cell that already holds `value`, with nothing to resolve: strongly when `publishing`.
  @inlinable
  init(key: FactoryKey, nothing: Pending, value: Value, publishing: Bool) {
    pending = nothing
    self.value = value
    super.init(key: key, resolved: true, publishing: publishing)
  }
}
