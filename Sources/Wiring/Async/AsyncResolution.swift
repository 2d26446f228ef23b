/// One factory that an async resolution is building, linked to the one that resolved it.
///
/// Async factories suspend, so the thread-local `ResolutionState` cannot follow them; a value
/// bound to a task-local instead follows the task through every `await`, into the child tasks
/// it creates and into the task that builds a kept instance. Each nested resolution binds a new
/// frame whose parent is the enclosing one: entering a nested factory allocates one small object
/// and copies nothing. Every frame shares the top-level frame's `.graph` instances.
@usableFromInline
final class AsyncResolution: @unchecked Sendable {
  // NB: `@unchecked` is sound: every stored property is a constant but `graphInstances`, which
  // is read and written only in the top-level frame, holding that frame's stripe of `StripedLocks`.

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

/// A built async value as `keptObject` keeps it, passed between tasks.
struct AsyncBox: @unchecked Sendable {
  // NB: `@unchecked` is sound because the object is the value itself, a class instance of a
  // `Sendable` type, or a `Box<T>` whose only field is a `let` of one: async factories require
  // `T: Sendable`.
  let box: AnyObject
}

/// One in-flight build of a kept async instance, which every task asking for it awaits.
///
/// It runs in a task of its own, not the starting caller's, so cancelling a caller never cancels
/// it: the others still get the instance.
final class AsyncConstruction: Sendable {
  enum Outcome: Sendable {
    case built(AsyncBox)
    /// The builder threw: nothing is kept, and the next caller builds again.
    case threw(any Error)
    /// A programmer error (a cycle, a missing registration) ended the build.
    case failed(ResolutionFailure)
  }

  let key: FactoryKey
  /// The slot's generation when the build started; a register or reset bumps it, and a build of
  /// an older generation is neither joined nor kept.
  let generation: UInt32
  /// The scope the instance is kept for, which strict tests compare with what its builder
  /// resolves.
  let scope: Scope
  let latch = AsyncLatch<Outcome>()

  init(key: FactoryKey, generation: UInt32, scope: Scope) {
    self.key = key
    self.generation = generation
    self.scope = scope
  }

  /// Whether later callers may wait for this build instead of starting their own.
  var isJoinable: Bool {
    switch latch.peek() {
    case nil, .built: true
    case .threw, .failed: false
    }
  }
}

/// Which async build waits for which, so that two tasks that would wait for each other's builds
/// get the cycle reported instead of suspending forever.
///
/// A build may wait for several at once (from child tasks), so each build maps to every build it
/// waits for, and a new wait searches all of them.
enum AsyncWaitGraph {
  private static let waits = Locked<[ObjectIdentifier: [AsyncConstruction]]>([:])

  /// Records that the innermost build of `resolution` waits for `construction`, or returns the
  /// cycle that waiting would close.
  static func beginWaiting(
    _ resolution: AsyncResolution?, for construction: AsyncConstruction
  ) -> ResolutionFailure? {
    guard let resolution, let waiting = resolution.constructions.last else { return nil }
    let mine = resolution.constructions
    return waits.withLock { waits in
      if let path = path(from: construction, toAnyOf: mine, in: waits) {
        let chain = resolution.chain + path.map(\.key.description)
        let start = chain.firstIndex(of: path.last!.key.description) ?? 0
        return .cycle(chain: Array(chain[start...]))
      }
      waits[ObjectIdentifier(waiting), default: []].append(construction)
      return nil
    }
  }

  /// Removes the record made by `beginWaiting`.
  static func endWaiting(_ resolution: AsyncResolution?, for construction: AsyncConstruction) {
    guard let waiting = resolution?.constructions.last else { return }
    waits.withLock { waits in
      let id = ObjectIdentifier(waiting)
      guard let index = waits[id]?.firstIndex(where: { $0 === construction }) else { return }
      waits[id]?.remove(at: index)
      if waits[id]?.isEmpty == true { waits[id] = nil }
    }
  }

  /// The builds from `start` along recorded waits to one of `targets`, both ends included.
  private static func path(
    from start: AsyncConstruction, toAnyOf targets: [AsyncConstruction],
    in waits: [ObjectIdentifier: [AsyncConstruction]]
  ) -> [AsyncConstruction]? {
    var visited: Set<ObjectIdentifier> = []
    func search(_ current: AsyncConstruction) -> [AsyncConstruction]? {
      // A finished build holds nobody up, though its waiters may not have taken their record
      // out yet (as `WaitGraph`).
      if current.latch.peek() != nil { return nil }
      if targets.contains(where: { $0 === current }) { return [current] }
      guard visited.insert(ObjectIdentifier(current)).inserted else { return nil }
      for next in waits[ObjectIdentifier(current)] ?? [] {
        if let rest = search(next) { return [current] + rest }
      }
      return nil
    }
    return search(start)
  }
}

/// A one-shot gate for tasks: they suspend until someone opens it with a value.
///
/// Unlike `Latch`, waiting suspends the task instead of blocking its thread. A waiter may stop
/// waiting when its task is cancelled; the latch itself is never cancelled and still opens for
/// everyone else.
final class AsyncLatch<Value: Sendable>: Sendable {
  private let state = Locked(State())

  private struct State {
    var value: Value?
    var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
    /// Waiters cancelled before their continuation was stored.
    var cancelled: Set<Int> = []
    var nextID = 0
  }

  init() {}

  /// Stores `value` and resumes every waiter; later calls are ignored.
  func open(with value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value if the latch is open, without waiting.
  func peek() -> Value? {
    state.withLock { $0.value }
  }

  /// Suspends until the latch opens, whether or not the task is cancelled meanwhile.
  func value() async -> Value {
    if let value = peek() { return value }
    do {
      return try await wait(cancellable: false)
    } catch {
      preconditionFailure("Wiring: a wait that ignores cancellation threw \(error)")
    }
  }

  /// Suspends until the latch opens, or throws `CancellationError` once the task is cancelled.
  func valueUnlessCancelled() async throws -> Value {
    if let value = peek() { return value }
    return try await wait(cancellable: true)
  }

  private func wait(cancellable: Bool) async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    let value = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome = state.withLock { state -> Result<Value, any Error>? in
          if let value = state.value { return .success(value) }
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          state.waiters[id] = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      guard cancellable else { return }
      let waiter = state.withLock { state in
        guard state.value == nil else { return CheckedContinuation<Value, any Error>?.none }
        if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
        state.cancelled.insert(id)
        return nil
      }
      waiter?.resume(throwing: CancellationError())
    }
    // The value is read again under the lock `open` stored it under. When `open` resumes the
    // continuation before this task has suspended, the task goes on without suspending, and the
    // concurrency runtime tells the thread sanitizer of no ordering between the two (it does
    // when it enqueues a suspended task): without this read, every use of the value would be
    // reported as a race with the build that made it.
    return state.withLock { $0.value } ?? value
  }
}
