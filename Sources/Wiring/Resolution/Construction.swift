/// One in-flight build of a cached instance that other threads may wait for.
///
/// The thread that creates it builds the instance with no lock held and then opens the latch;
/// every other thread that asks for the same instance meanwhile waits on the latch, so a slow
/// initializer runs exactly once however many threads arrive together.
@usableFromInline
final class Construction: Sendable {
  @usableFromInline
  enum Outcome: @unchecked Sendable {
    // NB: `@unchecked` because the built box holds a user value of any type, which need not be
    // `Sendable` (as in Factory). It is written once by the building thread before `Latch.open`
    // and only read after `Latch.wait`, whose mutex orders the two. Every waiter gets the same
    // instance: a first build that others join is a cached, shared or singleton scope's (a
    // unique scope never has waiters), and sharing the instance is what that scope asks for.
    case built(AnyObject)
    case failed(ResolutionFailure)
  }

  let key: FactoryKey
  /// The `ResolutionState` of the building thread.
  let owner: ObjectIdentifier
  @usableFromInline let latch = Latch<Outcome>()

  init(key: FactoryKey, owner: ObjectIdentifier) {
    self.key = key
    self.owner = owner
  }
}

/// The waits-for graph between threads blocked on each other's constructions.
///
/// Before a thread waits for a construction it follows the chain of owners: when the chain leads
/// back to itself, waiting would deadlock, and the chain is a dependency cycle across threads.
/// Only contended first builds come here.
enum WaitGraph {
  private static let waits = Locked<[ObjectIdentifier: Construction]>([:])

  /// Records that `state` will wait for `construction`, or returns the cycle that waiting would
  /// close.
  static func beginWaiting(
    _ state: ResolutionState, for construction: Construction
  ) -> ResolutionFailure? {
    waits.withLock { waits in
      var chain = [state.frames.last?.key.description ?? construction.key.description]
      var current = construction
      while true {
        chain.append(current.key.description)
        if current.owner == state.id {
          return .cycle(chain: chain)
        }
        guard let next = waits[current.owner] else { break }
        current = next
      }
      waits[state.id] = construction
      return nil
    }
  }

  /// Removes the record made by `beginWaiting`.
  static func endWaiting(_ state: ResolutionState) {
    _ = waits.withLock { $0.removeValue(forKey: state.id) }
  }
}
