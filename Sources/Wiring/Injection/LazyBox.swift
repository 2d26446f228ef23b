#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The once-only protocol behind `@LazyInjected` and `@WeakLazyInjected`: who resolves, who
/// waits, and which reads are cycles.
///
/// One word says where the box stands: 0 until a reader claims it, then the claiming thread's
/// identity, with the `waiting` bit set once another thread waits, then `resolved`. The first
/// reader claims the box with one compare-and-swap and resolves with no lock held; readers that
/// arrive meanwhile wait on a latch, and a reader on the claiming thread itself is a cycle. Only
/// waiting takes a lock, a stripe of `StripedLocks`.
///
/// The value lives in the `LazyCell` subclass, whose code the wrappers inline; this class knows
/// nothing of its type, so none of its code looks up generic metadata.
@usableFromInline
class LazyBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because the word is atomic, `waiters` is read and written only
  // holding this box's stripe of `StripedLocks`, and `key` is a constant. The cell's value is
  // written by the one thread whose compare-and-swap claimed the box, before the exchange that
  // resolves it; every other reader reads it only after an acquiring read of
  // the word, or the latch, has ordered it after that write.

  /// The word of a box whose cell holds the value.
  @usableFromInline static var resolved: UInt { 1 }
  /// The bit of the word that says another thread waits; a thread's identity leaves it clear.
  private static var waiting: UInt { 2 }

  /// The identity of this thread: the address of its `pthread` structure, which every
  /// supported system aligns to at least 4 bytes, so it is neither `resolved` nor has the
  /// `waiting` bit. Cheaper than the thread's resolution state, which takes a lookup in
  /// thread-local storage.
  static var currentThread: UInt {
    #if canImport(Glibc)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
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

  /// The factory's key, for the message of a cycle.
  @usableFromInline let key: FactoryKey
  /// The latch that waiters sleep on, made by the first of them; read and written holding the
  /// stripe lock.
  private var waiters: Latch<Construction.Outcome>?

  /// Where the box stands.
  @usableFromInline let word = AtomicWord()

  /// A box that resolves on its first read or, `resolved`, one whose cell already holds the
  /// value.
  @usableFromInline
  init(key: FactoryKey, resolved: Bool) {
    self.key = key
    if resolved { _ = exchangeWord(LazyBox.resolved) }
  }

  /// Whether the cell holds the value: one load, no lock.
  @inlinable
  var isResolved: Bool {
    word.loadAcquiring() == LazyBox.resolved
  }

  /// Claims the box for this reader, or waits for the thread that did; traps with a cycle when
  /// that thread is this one.
  @usableFromInline
  func claim() -> Claim {
    let me = LazyBox.currentThread
    assert(me & (LazyBox.resolved | LazyBox.waiting) == 0, "a thread's identity is not aligned")
    let (claimed, seen) = claimWord(expecting: 0, desired: me)
    if claimed { return .resolve }
    if seen == LazyBox.resolved { return .resolved }
    if seen & ~LazyBox.waiting == me {
      let resolution = ResolutionState.current
      reportFailure(.cycle(chain: resolution.chain + [key.description]), in: resolution)
    }
    guard let latch = join() else { return .resolved }
    switch latch.wait() {
    case .built(let object):
      return .waited((object as? WeaklyHeld)?.object)
    case .failed(let failure):
      reportFailure(.dependencyFailed(key, because: failure), in: ResolutionState.current)
    }
  }

  /// The latch to wait on while another thread resolves; nil once it has.
  ///
  /// It reads the word again holding the lock rather than trusting what `claim` saw: a waiter
  /// that decided on an older word could take a latch that nobody will open.
  /// `Tests/Models/lazy_box_protocol.py` checks every interleaving of this and `finish`.
  private func join() -> Latch<Construction.Outcome>? {
    StripedLocks.withLock(for: self) {
      // Waiters store the latch and then set the bit, both holding this lock, so while it is
      // held the word changes only by being resolved, and a set bit means that `waiters` holds
      // the announced latch: the resolving thread takes it out only after resolving the word.
      // `waiters` is never cleared here: the resolving thread, having seen the bit, may still
      // be on its way to take the latch out and open it.
      while true {
        let now = loadWord()
        if now == LazyBox.resolved { return nil }
        if now & LazyBox.waiting != 0 { return waiters }
        let latch = waiters ?? Latch()
        waiters = latch
        if claimWord(expecting: now, desired: now | LazyBox.waiting).exchanged {
          // The claiming thread may fail under `catchResolutionFailure` and never finish.
          AbandonedClaims.wait(on: latch, for: ObjectIdentifier(self), claimedBy: now)
          return latch
        }
      }
    }
  }

  /// Ends the claim of a reader that stored the value in the cell; waiters get `object`, for a
  /// weakly held value, held strongly until they have it, as the first reader does: it may have
  /// no other owner yet.
  @usableFromInline
  func finish(handing object: AnyObject? = nil) {
    let claimed = exchangeWord(LazyBox.resolved)
    guard claimed & LazyBox.waiting != 0 else { return }
    let latch = StripedLocks.withLock(for: self) {
      AbandonedClaims.finished(ObjectIdentifier(self), claimedBy: claimed & ~LazyBox.waiting)
      return waiters.take()
    }
    latch?.open(with: .built(WeaklyHeld(object)))
  }

  /// The word, ordered after the writes that came before it.
  private func loadWord() -> UInt {
    word.loadAcquiring()
  }

  /// Replaces the word with `desired` if it holds `expected`; returns whether it did and what it
  /// held.
  private func claimWord(
    expecting expected: UInt, desired: UInt
  ) -> (exchanged: Bool, original: UInt) {
    word.compareExchange(expected: expected, desired: desired)
  }

  /// Replaces the word with `desired`, releasing what this thread wrote before; returns what it
  /// held.
  private func exchangeWord(_ desired: UInt) -> UInt {
    word.exchangeAcquiringAndReleasing(desired)
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
    super.init(key: key, resolved: false)
  }

  /// A cell that already holds `value`, with nothing to resolve.
  @inlinable
  init(key: FactoryKey, nothing: Pending, value: Value) {
    pending = nothing
    self.value = value
    super.init(key: key, resolved: true)
  }
}

extension LazyCell {
  /// A lazy wrapper's cell for `factory`, resolved by the first read, which takes the factory
  /// out to resolve it.
  @inlinable
  convenience init<T, Held>(resolving factory: consuming Factory<T>)
  where Pending == Factory<T>?, Value == Held? {
    self.init(key: factory.registration.key, pending: Optional(factory), empty: nil)
  }
}
