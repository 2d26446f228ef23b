#if canImport(Darwin)
import Darwin
#else
#if !WIRING_WITHOUT_ATOMICS
// Public because `isResolved` is inlined into the wrappers' users, where it reads the `Atomic`.
public import Synchronization
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
  // NB: `@unchecked` is sound because the word is atomic (or, on Apple systems without
  // `Atomic`, read and written only holding its own lock), `waiters` is read and
  // written only holding this box's stripe of `StripedLocks`, and `key` is a constant. The
  // cell's value is written by the one thread whose compare-and-swap claimed the box, before
  // the exchange that resolves it; every other reader reads it only after an acquiring read of
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

  #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
  /// Where the box stands. Allocated: Apple systems before macOS 15 have no `Atomic`; they read
  /// it as 0 and keep the word in `lockedWord` instead.
  @usableFromInline let word = AtomicWords(count: 1)
  /// The word on Apple systems without `Atomic`, behind a lock of its own; nil where `word`
  /// works. Held for one read or write. Joining the waiters takes it while holding a stripe of
  /// `StripedLocks`, which is safe because nothing takes a lock while holding this one.
  ///
  /// NB: one lock per box, holding the word as its state. A lock shared by every box with an
  /// empty state gave the state the mutex's address, and the thread sanitizer reported the
  /// unlocked read of that empty state as a race with the locked write.
  private let lockedWord: Locked<UInt>? = AtomicWords.isSupported ? nil : Locked(0)
  #else
  /// Where the box stands.
  @usableFromInline let word = Atomic<UInt>(0)
  #endif

  /// A box that resolves on its first read or, `resolved`, one whose cell already holds the
  /// value.
  @usableFromInline
  init(key: FactoryKey, resolved: Bool) {
    self.key = key
    if resolved { _ = exchangeWord(LazyBox.resolved) }
  }

  deinit {
    #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
    word.deallocate()
    #endif
  }

  /// Whether the cell holds the value: one load, no lock. False on Apple systems without
  /// `Atomic`, where `isSettled` tells.
  @inlinable
  var isResolved: Bool {
    #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
    word.loadAcquiring() == LazyBox.resolved
    #else
    word.load(ordering: .acquiring) == LazyBox.resolved
    #endif
  }

  /// Whether the cell holds the value, resolving nothing, on every system.
  @usableFromInline
  var isSettled: Bool {
    loadWord() == LazyBox.resolved
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
    #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
    guard AtomicWords.isSupported else {
      return lockedWord.unsafelyUnwrapped.withLock { $0 }
    }
    return word.loadAcquiring()
    #else
    return word.load(ordering: .acquiring)
    #endif
  }

  /// Replaces the word with `desired` if it holds `expected`; returns whether it did and what it
  /// held.
  private func claimWord(
    expecting expected: UInt, desired: UInt
  ) -> (exchanged: Bool, original: UInt) {
    #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
    guard AtomicWords.isSupported else {
      return lockedWord.unsafelyUnwrapped.withLock { word in
        let original = word
        guard original == expected else { return (false, original) }
        word = desired
        return (true, original)
      }
    }
    return word.compareExchange(expected: expected, desired: desired)
    #else
    return word.compareExchange(
      expected: expected, desired: desired, ordering: .acquiringAndReleasing)
    #endif
  }

  /// Replaces the word with `desired`, releasing what this thread wrote before; returns what it
  /// held.
  private func exchangeWord(_ desired: UInt) -> UInt {
    #if canImport(Darwin) || WIRING_WITHOUT_ATOMICS
    guard AtomicWords.isSupported else {
      return lockedWord.unsafelyUnwrapped.withLock { word in
        defer { word = desired }
        return word
      }
    }
    return word.exchange(desired)
    #else
    return word.exchange(desired, ordering: .acquiringAndReleasing)
    #endif
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
