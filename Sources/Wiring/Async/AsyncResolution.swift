/// What one async resolution is building: its chain of factories and its `.graph` instances.
///
/// Async factories suspend, so the thread-local `ResolutionState` cannot follow them; a value
/// bound to a task-local instead follows the task through every `await`, into the child tasks
/// it creates and into the task that builds a kept instance. Each nested resolution binds a new
/// value with one more frame and the same graph instances.
final class AsyncResolution: Sendable {
  @TaskLocal static var current: AsyncResolution?

  /// One factory under construction, and the kept build it runs, if any.
  struct Frame: Sendable {
    let key: FactoryKey
    let construction: AsyncConstruction?
  }

  /// The factories under construction, outermost first.
  let frames: [Frame]
  /// Instances of `.graph` factories built during this top-level resolution.
  let graphInstances: GraphInstances

  private init(frames: [Frame], graphInstances: GraphInstances) {
    self.frames = frames
    self.graphInstances = graphInstances
  }

  /// The resolution that builds `key` inside `enclosing` (or at the top level), or the failure
  /// that building it would cause.
  static func entering(
    _ key: FactoryKey, construction: AsyncConstruction?, in enclosing: AsyncResolution?
  ) -> Result<AsyncResolution, ResolutionFailure> {
    let frames = enclosing?.frames ?? []
    if let start = frames.firstIndex(where: { $0.key == key }) {
      return .failure(.cycle(chain: frames[start...].map(\.key.description) + [key.description]))
    }
    if frames.count >= ResolutionState.maximumDepth {
      return .failure(
        .tooDeep(chain: frames.map(\.key.description) + [key.description],
          limit: ResolutionState.maximumDepth))
    }
    let frame = Frame(key: key, construction: construction)
    return .success(
      AsyncResolution(
        frames: frames + [frame], graphInstances: enclosing?.graphInstances ?? GraphInstances()))
  }

  /// The factories under construction, as users read them.
  var chain: [String] { frames.map(\.key.description) }

  /// The kept builds this resolution and those enclosing it run.
  var constructions: [AsyncConstruction] { frames.compactMap(\.construction) }

  /// `.graph` instances shared by every task of one top-level resolution.
  final class GraphInstances: Sendable {
    private let instances = Locked<[FactoryKey: AsyncBox]>([:])

    func instance(for key: FactoryKey) -> AsyncBox? {
      instances.withLock { $0[key] }
    }

    /// Keeps `box` unless another task of the same resolution kept one first; returns the kept.
    func keep(_ box: AsyncBox, for key: FactoryKey) -> AsyncBox {
      instances.withLock { instances in
        if let kept = instances[key] { return kept }
        instances[key] = box
        return box
      }
    }
  }
}

/// A built async value in its `Box<T>`, passed between tasks.
struct AsyncBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because the box is a `Box<T>` whose only field is a `let` of a
  // `Sendable` type: async factories require `T: Sendable`.
  let box: AnyObject
}
