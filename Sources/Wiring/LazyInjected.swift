#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Resolves a dependency on first access, exactly once, even when threads race for it.
///
/// ```swift
/// final class Model {
///   @LazyInjected(\.session) var session
/// }
/// ```
///
/// The factory is taken from the container's `shared` instance when the owner is initialized;
/// the resolution waits for the first read. Later reads return the same value. Assigning to the
/// property replaces the value for this owner; `$session` reaches the factory.
@propertyWrapper
public struct LazyInjected<T> {
  @usableFromInline var box: LazyCell<Factory<T>?, T?>
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyCell(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyCell(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency, resolved by the first read.
  @inlinable
  public var wrappedValue: T {
    get { Self.read(box) }
    set { box = Self.cell(holding: newValue, for: box.key) }
  }

  /// The wrapper itself, for its factory and to resolve again: `$session.factory`.
  public var projectedValue: LazyInjected<T> {
    get { self }
    set { self = newValue }
  }

  /// The factory this property resolves, from the container's current `shared` instance.
  public var factory: Factory<T> {
    source.factory(of: T.self)
  }

  /// Resolves the dependency now, after resetting what `options` name on its factory.
  public mutating func resolve(reset options: FactoryResetOptions = .none) {
    let factory = self.factory
    factory.reset(options)
    box = Self.cell(holding: factory(), for: box.key)
  }

  /// The dependency if a read already resolved it; nil, resolving nothing, otherwise.
  ///
  /// ```swift
  /// deinit { $session.resolvedOrNil()?.close() }
  /// ```
  public func resolvedOrNil() -> T? {
    box.isResolved ? box.value : nil
  }
}

extension LazyInjected {
  /// A cell that already holds `value`, for a property assigned to or resolved again.
  @inlinable
  static func cell(holding value: T, for key: FactoryKey) -> LazyCell<Factory<T>?, T?> {
    LazyCell(key: key, nothing: nil, value: value)
  }

  /// The value, resolved by the first read.
  @inlinable
  @inline(__always)
  static func read(_ box: LazyCell<Factory<T>?, T?>) -> T {
    if box.isResolved { return box.value.unsafelyUnwrapped }
    return resolve(box)
  }

  /// The first read: resolves, or waits for the thread resolving.
  @inlinable
  @inline(never)
  static func resolve(_ box: LazyCell<Factory<T>?, T?>) -> T {
    switch box.claim() {
    case .resolved, .waited:
      return box.value.unsafelyUnwrapped
    case .resolve:
      let value = box.pending.take().unsafelyUnwrapped()
      box.value = value
      box.finish()
      return value
    }
  }
}

/// Resolves a class dependency on first access and then holds it weakly.
///
/// ```swift
/// final class Child {
///   @WeakLazyInjected(\.parent) var parent   // (any Parent)?
/// }
/// ```
///
/// Once the last strong reference elsewhere goes away the property reads `nil`; it is not
/// resolved again. Values that are not class instances cannot be held weakly: the factory runs
/// once, and the property reads `nil` from the first access on.
@propertyWrapper
public struct WeakLazyInjected<T> {
  @usableFromInline var box: LazyCell<Factory<T>?, WeakBox?>
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyCell(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyCell(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency while something else still holds it.
  @inlinable
  public var wrappedValue: T? {
    get { Self.read(box) }
    set { box = Self.cell(holding: newValue.flatMap { classInstance($0) }, for: box.key) }
  }

  /// The wrapper itself, for its factory and to resolve again: `$parent.factory`.
  public var projectedValue: WeakLazyInjected<T> {
    get { self }
    set { self = newValue }
  }

  /// The factory this property resolves, from the container's current `shared` instance.
  public var factory: Factory<T> {
    source.factory(of: T.self)
  }

  /// Resolves the dependency now, after resetting what `options` name on its factory, and
  /// holds it weakly.
  public mutating func resolve(reset options: FactoryResetOptions = .none) {
    let factory = self.factory
    factory.reset(options)
    box = Self.cell(holding: classInstance(factory()), for: box.key)
  }

  /// The dependency if a read resolved it and something else still holds it; nil, resolving
  /// nothing, otherwise.
  public func resolvedOrNil() -> T? {
    box.isResolved ? Self.instance(box.value?.object) : nil
  }
}

extension WeakLazyInjected {
  /// A cell that already holds `object` weakly, for a property assigned to or resolved again.
  @inlinable
  static func cell(
    holding object: AnyObject?, for key: FactoryKey
  ) -> LazyCell<Factory<T>?, WeakBox?> {
    LazyCell(key: key, nothing: nil, value: object.map(WeakBox.init))
  }

  /// Every read: resolves the first time, or waits for the thread resolving.
  @inlinable
  static func read(_ box: LazyCell<Factory<T>?, WeakBox?>) -> T? {
    if box.isResolved { return instance(box.value?.object) }
    switch box.claim() {
    case .resolved:
      return instance(box.value?.object)
    case .waited(let object):
      return instance(object)
    case .resolve:
      let object = classInstance(box.pending.take().unsafelyUnwrapped())
      box.value = object.map(WeakBox.init)
      box.finish(handing: object)
      return instance(object)
    }
  }

  /// `object` as a `T`; nil for none.
  @inlinable
  static func instance(_ object: AnyObject?) -> T? {
    // NB: unwrap before casting. `object as? T` on the Optional itself is miscompiled with -O
    // (Swift 6.3.1): specialized for a class `T`, the cast reads the nil payload as an object
    // and crashes in `swift_dynamicCastClass`. Docs/KnownIssues.md has the reduction.
    object.flatMap { $0 as? T }
  }
}

extension LazyInjected: Sendable where T: Sendable {}

extension WeakLazyInjected: Sendable where T: Sendable {}

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
  // resolves it; every other reader reads it only after an acquiring read of the word, or the
  // latch, has ordered it after that write.

  /// The word of a box whose cell holds the value.
  @usableFromInline static var resolved: UInt { 1 }
  /// The bit of the word that says another thread waits.
  private static var waiting: UInt { 2 }

  /// The identity of this thread: the address of its `pthread` structure, which every
  /// supported system aligns to at least 4 bytes, so it is neither `resolved` nor has the
  /// `waiting` bit; cheaper than `ResolutionState.current`, a thread-local lookup.
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
    /// Another thread resolved while this one waited; for a weakly held value, its object.
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

  /// Compare-and-swap of the word: whether it exchanged, and what it held.
  private func claimWord(
    expecting expected: UInt, desired: UInt
  ) -> (exchanged: Bool, original: UInt) {
    word.compareExchange(expected: expected, desired: desired)
  }

  /// Swaps in `desired`, releasing what this thread wrote before; returns the old word.
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
/// `Factory<T>?` would make every free look up that type's metadata.
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

/// The lazy boxes whose claiming thread failed under `catchResolutionFailure`, so that readers
/// waiting for them, and readers that come later, get the failure rather than wait forever.
///
/// A thread that fails parks for good and never finishes its claims. Only slow paths come here:
/// a reader that waits, a claimer that finishes with readers waiting, and a failure.
///
/// `LazyBox` takes this lock while holding its stripe of `StripedLocks`, which is safe because
/// nothing takes a lock while holding this one: latches are opened after it is released.
enum AbandonedClaims {
  private struct State {
    /// What each parked thread failed with, by thread identity. A parked thread never exits,
    /// so its identity is never reused.
    var failures: [UInt: ResolutionFailure] = [:]
    /// The latches readers wait on, by the claiming thread's identity, then by box.
    var waiting: [UInt: [ObjectIdentifier: Latch<Construction.Outcome>]] = [:]
  }

  private static let state = Locked(State())

  /// Records that readers of `box` wait on `latch` for the thread `claimer`; opens the latch
  /// with that thread's failure if it has already failed.
  ///
  /// Call it holding the box's stripe, in the step that sets the waiting bit, so that `finished`
  /// cannot run between the two and leave the latch here for good.
  static func wait(
    on latch: Latch<Construction.Outcome>, for box: ObjectIdentifier, claimedBy claimer: UInt
  ) {
    let failure = state.withLock { state -> ResolutionFailure? in
      if let failure = state.failures[claimer] { return failure }
      state.waiting[claimer, default: [:]][box] = latch
      return nil
    }
    if let failure { latch.open(with: .failed(failure)) }
  }

  /// Forgets the latch of `box`, whose claimer finished and opens it itself.
  static func finished(_ box: ObjectIdentifier, claimedBy claimer: UInt) {
    state.withLock { state in
      state.waiting[claimer]?[box] = nil
      if state.waiting[claimer]?.isEmpty == true { state.waiting[claimer] = nil }
    }
  }

  /// Records that the thread `claimer` failed with `failure` and will finish none of its claims;
  /// releases every reader waiting on them with the failure.
  static func abandon(by claimer: UInt, with failure: ResolutionFailure) {
    let latches = state.withLock { state in
      state.failures[claimer] = failure
      return state.waiting.removeValue(forKey: claimer) ?? [:]
    }
    for latch in latches.values { latch.open(with: .failed(failure)) }
  }
}
