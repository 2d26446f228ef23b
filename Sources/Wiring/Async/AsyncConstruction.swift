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
enum AsyncWaitGraph {
  private static let waits = Locked<[ObjectIdentifier: AsyncConstruction]>([:])

  /// Records that the innermost build of `resolution` waits for `construction`, or returns the
  /// cycle that waiting would close.
  static func beginWaiting(
    _ resolution: AsyncResolution?, for construction: AsyncConstruction
  ) -> ResolutionFailure? {
    guard let resolution, let waiting = resolution.constructions.last else { return nil }
    let mine = resolution.constructions
    return waits.withLock { waits in
      var chain = resolution.chain
      var current = construction
      while true {
        chain.append(current.key.description)
        if mine.contains(where: { $0 === current }) {
          let start = chain.firstIndex(of: current.key.description) ?? 0
          return .cycle(chain: Array(chain[start...]))
        }
        guard let next = waits[ObjectIdentifier(current)] else { break }
        current = next
      }
      waits[ObjectIdentifier(waiting)] = construction
      return nil
    }
  }

  /// Removes the record made by `beginWaiting`.
  static func endWaiting(_ resolution: AsyncResolution?) {
    guard let waiting = resolution?.constructions.last else { return }
    _ = waits.withLock { $0.removeValue(forKey: ObjectIdentifier(waiting)) }
  }
}
