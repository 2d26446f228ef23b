internal import CWiringAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one thread is building right now: the stack of factories under construction and the
/// instances shared by the current `.graph` resolution.
///
/// The stack lives in memory of its own, reached through an unsafe pointer, so pushing and
/// popping a frame on every resolution costs a few stores and no exclusivity checks.
@usableFromInline
final class ResolutionState {
  /// The deepest nesting Wiring follows before it reports a probable endless recursion.
  static let maximumDepth = 256

  /// The frames under construction on this thread, outermost first.
  @usableFromInline let stack: UnsafeMutablePointer<FrameStack>
  /// Cached constructions this thread has promised to finish, so a failure can release waiters.
  var ownedConstructions: [Construction] = []
  /// Set on a thread that runs `catchResolutionFailure`: failures go here instead of trapping.
  var failureSink: Latch<FailureCapture.Outcome>?
  /// On such a thread, the builds its callers were in when they called it, outermost first, and
  /// whether each had an argument: a build that calls it again inside one of them is a cycle.
  var capturedFrom: [(key: FactoryKey, hasParameter: Bool)] = []
  /// The kept instances this thread is building, innermost last, with the scope each is kept
  /// for; recorded only while a strict test runs, which reports what they capture.
  @usableFromInline var keptBuilds: [(key: FactoryKey, scope: Scope)] = []
  /// The lines of a trace in Factory's format for the top-level resolution in progress, written
  /// to the logger when it ends; see `Observer.traceLine`.
  var traceLines: [String] = []
  /// Objects whose last reference this thread dropped while holding a container's lock, kept
  /// until `PublishedIndex.Retired.release()` runs after the lock: a deinitializer may resolve
  /// from the same container, which would wait for the lock forever.
  var releasedAfterLock: [AnyObject] = []
  /// Odd while this thread reads a published object without a lock; see `ReadSections`.
  @usableFromInline let readCounter = AtomicWordBuffer.aloneOnCacheLine()

  init() {
    stack = .allocate(capacity: 1)
    stack.initialize(to: FrameStack())
    ReadSections.register(readCounter, for: ObjectIdentifier(self))
  }

  deinit {
    stack.pointee.graphInstances.deallocate()
    ReadSections.unregister(ObjectIdentifier(self))
    readCounter.deallocate()
    stack.pointee.frames?.deinitialize(count: stack.pointee.depth)
    stack.pointee.frames?.deallocate()
    stack.deinitialize(count: 1)
    stack.deallocate()
  }

  /// An identity for this thread that other threads can compare against.
  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// One factory under construction.
  @usableFromInline
  struct Frame {
    @usableFromInline let key: FactoryKey
    /// The parameter of a `ParameterFactory`, alive on the resolving thread's stack.
    @usableFromInline let parameter: UnsafeRawPointer?
    @usableFromInline let parameterType: Any.Type?

    @inlinable
    init(key: FactoryKey, parameter: UnsafeRawPointer?, parameterType: Any.Type?) {
      self.key = key
      self.parameter = parameter
      self.parameterType = parameterType
    }
  }

  /// The frames, their count, and the `.graph` instances of the current top-level resolution.
  @usableFromInline
  struct FrameStack {
    @usableFromInline var frames: UnsafeMutablePointer<Frame>?
    @usableFromInline var capacity = 0
    @usableFromInline var depth = 0
    @usableFromInline var holdsGraphInstances = false
    var graphInstances = GraphInstances()
  }

  /// Pushes `key` when that is plainly safe: there is room, and no frame below has the same
  /// key, so it cannot be a cycle. Otherwise returns false, and `enter` decides.
  @inlinable
  @inline(__always)
  static func push(
    _ key: FactoryKey, parameter: UnsafeRawPointer?, parameterType: Any.Type?,
    on stack: UnsafeMutablePointer<FrameStack>
  ) -> Bool {
    let depth = stack.pointee.depth
    guard depth < stack.pointee.capacity, let frames = stack.pointee.frames else { return false }
    var index = 0
    while index < depth {
      if frames[index].key == key { return false }
      index += 1
    }
    (frames + depth).initialize(
      to: Frame(key: key, parameter: parameter, parameterType: parameterType))
    stack.pointee.depth = depth + 1
    return true
  }

  /// Pops the innermost frame, unless the end of a top-level resolution must drop graph
  /// instances: then returns false, and `leave` does it all.
  @inlinable
  @inline(__always)
  static func pop(from stack: UnsafeMutablePointer<FrameStack>) -> Bool {
    let depth = stack.pointee.depth - 1
    guard depth > 0 || !stack.pointee.holdsGraphInstances else { return false }
    // Frames hold only trivial values, so nothing needs deinitializing.
    stack.pointee.depth = depth
    return true
  }

  /// The frames under construction, outermost first, for the slow paths and messages.
  var frames: UnsafeBufferPointer<Frame> {
    UnsafeBufferPointer(start: stack.pointee.frames, count: stack.pointee.depth)
  }

  /// The keys under construction, outermost first, as users read them.
  @usableFromInline var chain: [String] { frames.map(\.key.description) }

  /// Starts building `key`, failing the resolution if that is a cycle or too deep. The locked
  /// build calls it; an inlined build calls it only where `push` could not (a full stack, or
  /// the key already on it), and out of line, so that each inlined build carries one call.
  @usableFromInline
  @inline(never)
  func enterOrFail(_ key: FactoryKey, parameter: UnsafeRawPointer?, parameterType: Any.Type?) {
    let depth = stack.pointee.depth
    if depth == stack.pointee.capacity {
      if depth >= Self.maximumDepth {
        reportFailure(
          .tooDeep(chain: chain + [key.description], limit: Self.maximumDepth), in: self)
      }
      grow()
    }
    let frames = stack.pointee.frames.unsafelyUnwrapped
    for index in 0..<depth where frames[index].key == key {
      if Self.sameParameter(frames[index], parameter, parameterType) {
        let loop = self.frames[index...].map(\.key.description)
        reportFailure(.cycle(chain: loop + [key.description]), in: self)
      }
    }
    (frames + depth).initialize(
      to: Frame(key: key, parameter: parameter, parameterType: parameterType))
    stack.pointee.depth = depth + 1
  }

  // A locked build's bookkeeping that does not depend on the built type, out of line: the
  // locked path specialized for each factory calls it instead of carrying a copy (about 2 KB).

  /// Fails the build of `key`, which has no builder: a promised factory nobody registered.
  @usableFromInline
  func failForMissingRegistration(of key: FactoryKey, owning construction: Construction?) -> Never {
    if let construction { ownedConstructions.append(construction) }
    reportFailure(.missingRegistration(key, chain: chain + [key.description]), in: self)
  }

  /// Starts a locked build of `key`, failing on a cycle or off the main actor it was declared
  /// on. Returns whether a strict test watches what the kept build captures; if so, the caller
  /// pops `keptBuilds` after the builder.
  @usableFromInline
  func beginLockedBuild(
    of key: FactoryKey, scope: Scope, owning construction: Construction?, isDeclared: Bool,
    traits: DeclarationTraits, parameter: UnsafeRawPointer?, parameterType: Any.Type?
  ) -> Bool {
    if StrictMonitor.isArmed, isDeclared, !traits[.safeInTests] {
      StrictMonitor.observeDeclaredBuild(of: key, chain: chain)
    }
    if let construction { ownedConstructions.append(construction) }
    enterOrFail(key, parameter: parameter, parameterType: parameterType)
    if traits[.builtOnMainActor], !BuilderIsolation.isOnMainActor {
      reportFailure(.offMainActor(key, chain: chain), in: self)
    }
    let watchesCaptures = StrictMonitor.isArmed && construction != nil
    if watchesCaptures { keptBuilds.append((key, scope)) }
    return watchesCaptures
  }

  /// Leaves the frame of a locked build that keeps its instance, hands `box` to `manager` to
  /// keep in `slot`, and wakes whoever waits for `construction`.
  @usableFromInline
  func finishLockedBuild(
    keeping box: AnyObject, object: @autoclosure () -> AnyObject?, in slot: Slot,
    of manager: ContainerManager,
    scope: Scope, processWide: Bool, construction: Construction, generation: UInt32,
    parameter: UnsafeRawPointer?, parameterType: Any.Type?
  ) {
    leave()
    ownedConstructions.removeLast()
    manager.keep(
      box, object: object(), in: slot, scope: scope, processWide: processWide,
      construction: construction, generation: generation, parameter: parameter,
      parameterType: parameterType)
    construction.latch.open(with: .built(box))
  }

  /// Pops the innermost frame; the end of a top-level resolution drops its graph instances.
  @usableFromInline
  func leave() {
    let depth = stack.pointee.depth - 1
    (stack.pointee.frames.unsafelyUnwrapped + depth).deinitialize(count: 1)
    stack.pointee.depth = depth
    if depth == 0, stack.pointee.holdsGraphInstances {
      stack.pointee.holdsGraphInstances = false
      stack.pointee.graphInstances.removeAll()
    }
  }

  /// The `.graph` instance the current top-level resolution keeps for `key`, if any.
  @usableFromInline
  func graphInstance(for key: GraphKey) -> AnyObject? {
    stack.pointee.graphInstances.instance(for: key)
  }

  /// Keeps a `.graph` instance until the end of the current top-level resolution.
  @usableFromInline
  func keepGraphInstance(_ box: AnyObject, for key: GraphKey) {
    stack.pointee.graphInstances.keep(box, for: key)
    stack.pointee.holdsGraphInstances = true
  }

  private func grow() {
    let capacity = max(16, stack.pointee.capacity * 2)
    let frames = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
    if let old = stack.pointee.frames {
      frames.moveInitialize(from: old, count: stack.pointee.depth)
      old.deallocate()
    }
    stack.pointee.frames = frames
    stack.pointee.capacity = capacity
  }

  /// Whether a nested resolution of the same factory repeats the same work.
  ///
  /// Plain factories always do. A `ParameterFactory` does only when both parameters are
  /// `Hashable` and equal, so a tree that recurses with `node(n - 1)` is not a cycle; for
  /// parameters that cannot be compared the depth limit is the safeguard.
  private static func sameParameter(
    _ frame: Frame, _ parameter: UnsafeRawPointer?, _ parameterType: Any.Type?
  ) -> Bool {
    guard let parameter, let parameterType, let other = frame.parameter else {
      return frame.parameter == nil && parameter == nil
    }
    func equal<P>(_: P.Type) -> Bool {
      let lhs = parameter.assumingMemoryBound(to: P.self).pointee as? AnyHashable
      let rhs = other.assumingMemoryBound(to: P.self).pointee as? AnyHashable
      guard let lhs, let rhs else { return false }
      return lhs == rhs
    }
    return equal(parameterType)
  }

}

/// Creates the pthread key under which each thread keeps its `ResolutionState`.
private func makeResolutionStateKey() -> pthread_key_t {
  var key = pthread_key_t()
  #if canImport(Darwin)
  let status = pthread_key_create(&key) { raw in
    wiring_set_current_thread_state(nil)
    Unmanaged<ResolutionState>.fromOpaque(raw).release()
  }
  #else
  let status = pthread_key_create(&key) { raw in
    guard let raw else { return }
    wiring_set_current_thread_state(nil)
    Unmanaged<ResolutionState>.fromOpaque(raw).release()
  }
  #endif
  precondition(status == 0, "Wiring could not create its thread-local key (\(status))")
  return key
}

/// The pthread key whose destructor releases each thread's `ResolutionState`; resolutions find
/// the state through the thread-local variable and use the key only on a thread's first one.
private let resolutionStateKey = makeResolutionStateKey()

extension ResolutionState {
  /// This thread's resolution state, created on first use and released when the thread exits.
  ///
  /// Synchronous factories never suspend, so the thread that starts building an object graph is
  /// the thread that finishes it: a thread-local stack sees every nested resolution.
  @usableFromInline
  static var current: ResolutionState {
    currentResolutionState().takeUnretainedValue()
  }

  /// Keeps `object` until this thread has left the lock it holds; see `releasedAfterLock`.
  @inline(__always)
  static func releaseAfterLock(_ object: AnyObject?) {
    if let object { keepUntilTheLockIsLeft(object) }
  }

  /// Releases what `releaseAfterLock` kept; call it with no lock held.
  ///
  /// `ProcessWord.releasedAfterLock`, the count of what waits on all threads, is almost always
  /// 0, which skips the thread-local lookup; a relaxed load does, as a thread needs to see only
  /// its own additions.
  @inline(__always)
  static func releaseWhatLocksDropped() {
    if ProcessWord.releasedAfterLock.loadRelaxed() != 0 { releaseWaiting() }
  }

  private static func keepUntilTheLockIsLeft(_ object: AnyObject) {
    current.releasedAfterLock.append(object)
    countWaiting(by: 1)
  }

  private static func releaseWaiting() {
    guard let raw = wiring_current_thread_state() else { return }
    let state = Unmanaged<ResolutionState>.fromOpaque(raw).takeUnretainedValue()
    guard !state.releasedAfterLock.isEmpty else { return }
    // Swapped out first: a deinitializer that runs may drop more, into a fresh list.
    let dropped = state.releasedAfterLock
    state.releasedAfterLock = []
    countWaiting(by: -dropped.count)
    withExtendedLifetime(dropped) {}
  }

  private static func countWaiting(by change: Int) {
    let word = ProcessWord.releasedAfterLock
    while true {
      let old = word.loadRelaxed()
      let new = UInt(bitPattern: Int(bitPattern: old) + change)
      if word.compareExchange(expected: old, desired: new).exchanged { return }
    }
  }
}

/// This thread's resolution state without a retain: the thread keeps it alive until it exits,
/// so code on this thread may use it through `_withUnsafeGuaranteedRef`.
///
/// A function rather than a static property of the class: calling that, code in other modules
/// looked up the class's metadata first, on every resolution.
@usableFromInline
func currentResolutionState() -> Unmanaged<ResolutionState> {
  if let raw = wiring_current_thread_state() {
    return Unmanaged<ResolutionState>.fromOpaque(raw)
  }
  return makeResolutionState()
}

/// The thread's first resolution: makes its state, which the thread-local variable finds from
/// now on and the pthread key releases when the thread exits.
@inline(never)
private func makeResolutionState() -> Unmanaged<ResolutionState> {
  let state = Unmanaged.passRetained(ResolutionState())
  pthread_setspecific(resolutionStateKey, state.toOpaque())
  wiring_set_current_thread_state(state.toOpaque())
  return state
}

extension ResolutionState {
  /// A `.graph` instance's identity: the factory, and its parameter when it keeps one
  /// instance per parameter.
  @usableFromInline
  struct GraphKey {
    @usableFromInline let key: FactoryKey
    @usableFromInline let parameter: GraphParameter?

    @inlinable
    init(key: FactoryKey, parameter: GraphParameter?) {
      self.key = key
      self.parameter = parameter
    }
  }

  /// The parameter a `.graph` instance was built for, boxed so that the list of graph instances
  /// holds references, not existentials.
  @usableFromInline
  final class GraphParameter {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
  }

  /// The `.graph` instances of the current top-level resolution, in the order they were built.
  ///
  /// A resolution keeps a few, so a scan that compares keys beats hashing; the memory is the
  /// thread's own and reused from one resolution to the next.
  struct GraphInstances {
    private var keys: UnsafeMutablePointer<GraphKey>?
    private var boxes: UnsafeMutablePointer<AnyObject>?
    private var count = 0
    private var capacity = 0

    /// The instance kept for `key`, if any.
    func instance(for key: GraphKey) -> AnyObject? {
      guard let keys, let boxes else { return nil }
      for index in 0..<count where Self.same(keys + index, key) {
        return boxes[index]
      }
      return nil
    }

    /// Keeps `box` for `key` until `removeAll`.
    mutating func keep(_ box: AnyObject, for key: GraphKey) {
      if count == capacity { grow() }
      (keys.unsafelyUnwrapped + count).initialize(to: key)
      (boxes.unsafelyUnwrapped + count).initialize(to: box)
      count += 1
    }

    /// Lets go of every instance, keeping the memory for the next resolution.
    mutating func removeAll() {
      guard let keys, let boxes else { return }
      // One at a time: `deinitialize(count:)` destroys through the type's metadata.
      for index in 0..<count {
        _ = (keys + index).move()
        _ = (boxes + index).move()
      }
      count = 0
    }

    /// Lets go of every instance and the memory; the thread is done resolving.
    mutating func deallocate() {
      removeAll()
      keys?.deallocate()
      boxes?.deallocate()
      keys = nil
      boxes = nil
      capacity = 0
    }

    private mutating func grow() {
      let newCapacity = max(4, capacity * 2)
      let newKeys = UnsafeMutablePointer<GraphKey>.allocate(capacity: newCapacity)
      let newBoxes = UnsafeMutablePointer<AnyObject>.allocate(capacity: newCapacity)
      if let keys, let boxes {
        newKeys.moveInitialize(from: keys, count: count)
        newBoxes.moveInitialize(from: boxes, count: count)
        keys.deallocate()
        boxes.deallocate()
      }
      keys = newKeys
      boxes = newBoxes
      capacity = newCapacity
    }

    private static func same(_ lhs: UnsafeMutablePointer<GraphKey>, _ rhs: GraphKey) -> Bool {
      guard lhs.pointee.key == rhs.key else { return false }
      guard let left = lhs.pointee.parameter, let right = rhs.parameter else {
        return lhs.pointee.parameter == nil && rhs.parameter == nil
      }
      return left.value == right.value
    }
  }
}
