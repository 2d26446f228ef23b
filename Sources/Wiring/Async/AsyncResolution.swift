/// One factory that an async resolution is building, linked to the one that resolved it.
///
/// Async factories suspend, so the thread-local `ResolutionState` cannot follow them; a value
/// bound to a task-local instead follows the task through every `await`, into the child tasks
/// it creates and into the task that builds a kept instance. Each nested resolution binds a new
/// frame whose parent is the enclosing one: entering a nested factory allocates one small object
/// and copies nothing. Every frame shares the top-level frame's `.graph` instances.
@usableFromInline
final class AsyncResolution: @unchecked Sendable {
  // NB: `@unchecked` is sound because every stored property is a constant but
  // `graphInstances`, which is read and written only holding the top-level frame's stripe of
  // `StripedLocks`, and only in the top-level frame.

  /// The task-local chain: a `TaskLocal` of its own rather than a `@TaskLocal` property, so that
  /// resolutions inlined into the app's code can bind it.
  @usableFromInline static let local = TaskLocal<AsyncResolution?>(wrappedValue: nil)

  /// The chain of the resolution this task is in, if any.
  static var current: AsyncResolution? { local.get() }

  /// The factory this frame builds.
  let key: FactoryKey
  /// The kept build this frame runs, if any.
  let construction: AsyncConstruction?
  /// The frame that resolved this one; nil at the top level.
  let parent: AsyncResolution?
  /// How many frames there are, this one and its ancestors.
  let depth: Int
  /// The top-level frame, which keeps the `.graph` instances of every frame under it; nil in
  /// that frame itself.
  private let top: AsyncResolution?
  /// In the top-level frame, the `.graph` instances built during its resolution. A stripe of
  /// `StripedLocks` guards it rather than a lock of its own, so that a resolution that keeps
  /// none allocates and initializes no lock.
  private var graphInstances: [FactoryKey: AsyncBox] = [:]

  private init(key: FactoryKey, construction: AsyncConstruction?, parent: AsyncResolution?) {
    self.key = key
    self.construction = construction
    self.parent = parent
    depth = (parent?.depth ?? 0) + 1
    top = parent.map { $0.top ?? $0 }
  }

  /// What entering a key on the task's chain gave.
  @usableFromInline
  enum Entry {
    /// The chain with the key entered.
    case entered(AsyncResolution)
    /// A cycle or a chain too deep, and the chain it was found in.
    case failed(ResolutionFailure, enclosing: AsyncResolution?)
  }

  /// The task's chain with `key` entered, for a build that nothing keeps. Synchronous, so that
  /// the inlined build awaits nothing before its builder.
  @usableFromInline
  static func entering(_ key: FactoryKey) -> Entry {
    let enclosing = current
    switch entering(key, construction: nil, in: enclosing) {
    case .success(let resolution): return .entered(resolution)
    case .failure(let failure): return .failed(failure, enclosing: enclosing)
    }
  }

  /// The resolution that builds `key` inside `enclosing` (or at the top level), or the failure
  /// that building it would cause.
  static func entering(
    _ key: FactoryKey, construction: AsyncConstruction?, in enclosing: AsyncResolution?
  ) -> Result<AsyncResolution, ResolutionFailure> {
    var frame = enclosing
    while let current = frame, current.key != key { frame = current.parent }
    if let repeated = frame {
      return .failure(.cycle(chain: enclosing!.chain(from: repeated) + [key.description]))
    }
    let depth = enclosing?.depth ?? 0
    if depth >= ResolutionState.maximumDepth {
      return .failure(
        .tooDeep(
          chain: (enclosing?.chain ?? []) + [key.description],
          limit: ResolutionState.maximumDepth))
    }
    return .success(AsyncResolution(key: key, construction: construction, parent: enclosing))
  }

  /// The frames from the top level down to this one.
  var frames: [AsyncResolution] {
    var frames: [AsyncResolution] = []
    frames.reserveCapacity(depth)
    var frame: AsyncResolution? = self
    while let current = frame {
      frames.append(current)
      frame = current.parent
    }
    return frames.reversed()
  }

  /// The factories under construction, outermost first, as users read them.
  var chain: [String] { frames.map(\.key.description) }

  /// The factories from `start`, one of this frame's ancestors or itself, down to this one.
  private func chain(from start: AsyncResolution) -> [String] {
    let frames = frames
    let first = frames.firstIndex { $0 === start } ?? 0
    return frames[first...].map(\.key.description)
  }

  /// The kept builds this resolution and those enclosing it run, outermost first.
  var constructions: [AsyncConstruction] { frames.compactMap(\.construction) }

  /// The `.graph` instance of `key` that this top-level resolution built, if any.
  func graphInstance(for key: FactoryKey) -> AsyncBox? {
    let top = top ?? self
    return StripedLocks.withLock(for: top) { top.graphInstances[key] }
  }

  /// Keeps `box` unless another task of the same resolution kept one first; returns the kept.
  func keepGraphInstance(_ box: AsyncBox, for key: FactoryKey) -> AsyncBox {
    let top = top ?? self
    return StripedLocks.withLock(for: top) {
      if let kept = top.graphInstances[key] { return kept }
      top.graphInstances[key] = box
      return box
    }
  }
}

/// A built async value in its `Box<T>`, passed between tasks.
struct AsyncBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because the box is a `Box<T>` whose only field is a `let` of a
  // `Sendable` type: async factories require `T: Sendable`.
  let box: AnyObject
}
