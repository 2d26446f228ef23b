/// What one thread is building right now: the stack of factories under construction and the
/// instances shared by the current `.graph` resolution.
@usableFromInline
final class ResolutionState {
  /// The deepest nesting Wiring follows before it reports a probable endless recursion.
  static let maximumDepth = 256

  /// Factories under construction on this thread, outermost first.
  var frames: [Frame] = []
  /// Instances of `.graph` factories built during the current top-level resolution.
  @usableFromInline var graphInstances: [GraphKey: AnyObject] = [:]
  /// Cached constructions this thread has promised to finish, so a failure can release waiters.
  @usableFromInline var ownedConstructions: [Construction] = []
  /// Set on a thread that runs `catchResolutionFailure`: failures go here instead of trapping.
  var failureSink: Latch<FailureCapture.Outcome>?

  /// An identity for this thread that other threads can compare against.
  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// A `.graph` instance's identity: the factory, and its parameter when it keeps one
  /// instance per parameter.
  @usableFromInline
  struct GraphKey: Hashable {
    let key: FactoryKey
    let parameter: AnyHashable?
  }

  /// One factory under construction.
  struct Frame {
    let key: FactoryKey
    /// The parameter of a `ParameterFactory`, alive on the resolving thread's stack.
    let parameter: UnsafeRawPointer?
    let parameterType: Any.Type?
  }

  /// The keys under construction, outermost first, as users read them.
  @usableFromInline var chain: [String] { frames.map(\.key.description) }

  /// Starts building `key`, or returns the failure that building it would cause.
  @usableFromInline
  func enter(
    _ key: FactoryKey, parameter: UnsafeRawPointer? = nil, parameterType: Any.Type? = nil
  ) -> ResolutionFailure? {
    if frames.count >= Self.maximumDepth {
      return .tooDeep(chain: chain + [key.description], limit: Self.maximumDepth)
    }
    for frame in frames where frame.key == key {
      if Self.sameParameter(frame, parameter, parameterType) {
        let start = frames.firstIndex { $0.key == key } ?? 0
        let loop = frames[start...].map(\.key.description)
        return .cycle(chain: loop + [key.description])
      }
    }
    frames.append(Frame(key: key, parameter: parameter, parameterType: parameterType))
    return nil
  }

  /// Finishes the innermost construction; the end of a top-level resolution drops graph
  /// instances.
  @usableFromInline
  func leave() {
    frames.removeLast()
    if frames.isEmpty, !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
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
