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
  @usableFromInline var ownedConstructions: [Construction] = []
  /// Set on a thread that runs `catchResolutionFailure`: failures go here instead of trapping.
  var failureSink: Latch<FailureCapture.Outcome>?
  /// The kept instances this thread is building, innermost last, with the scope each is kept
  /// for; recorded only while a strict test runs, which reports what they capture.
  @usableFromInline var keptBuilds: [(key: FactoryKey, scope: Scope)] = []
  /// The lines of a trace in Factory's format for the top-level resolution in progress, written
  /// to the logger when it ends; see `Observer.traceLine`.
  var traceLines: [String] = []
  /// Odd while this thread reads a published object without a lock; see `ReadSections`.
  @usableFromInline let readCounter = AtomicWords.aloneOnCacheLine()

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

  /// The frames, their count, and the `.graph` instances of the current top-level resolution,
  /// in the order they were built: a resolution keeps few, so a scan beats hashing.
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

  /// Starts building `key`, or returns the failure that building it would cause.
  @usableFromInline
  func enter(
    _ key: FactoryKey, parameter: UnsafeRawPointer? = nil, parameterType: Any.Type? = nil
  ) -> ResolutionFailure? {
    let depth = stack.pointee.depth
    if depth == stack.pointee.capacity {
      if depth >= Self.maximumDepth {
        return .tooDeep(chain: chain + [key.description], limit: Self.maximumDepth)
      }
      grow()
    }
    let frames = stack.pointee.frames.unsafelyUnwrapped
    for index in 0..<depth where frames[index].key == key {
      if Self.sameParameter(frames[index], parameter, parameterType) {
        let loop = self.frames[index...].map(\.key.description)
        return .cycle(chain: loop + [key.description])
      }
    }
    (frames + depth).initialize(
      to: Frame(key: key, parameter: parameter, parameterType: parameterType))
    stack.pointee.depth = depth + 1
    return nil
  }

  /// Finishes the innermost construction; the end of a top-level resolution drops graph
  /// instances.
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
