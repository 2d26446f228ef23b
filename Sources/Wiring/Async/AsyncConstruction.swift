/// One in-flight build of a kept async instance, which every task asking for it awaits.
///
/// The build runs in a task of its own, not in the task of the caller that started it, so
/// cancelling any caller never cancels the build: the others still get the instance.
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
  let generation: UInt64
  let latch = AsyncLatch<Outcome>()

  init(key: FactoryKey, generation: UInt64) {
    self.key = key
    self.generation = generation
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
