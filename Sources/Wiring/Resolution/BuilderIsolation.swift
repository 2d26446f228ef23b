import Foundation

// A builder is a plain closure, as in Factory, so it keeps the isolation of the code that wrote
// it: `self { ViewModel() }` in a `@MainActor` property is a main-actor closure. Its type no
// longer says so, and Swift runs it wherever it is called; with the runtime's isolation checks
// on, it traps there, in the closure, naming no factory. The container records instead, where
// the factory is declared, whether that code was on the main actor (`#isolation`), and checks
// before the factory builds that it runs there (the main thread, or whichever thread drains the
// main queue): off the main actor, the resolution stops with a failure that names the factory
// and the fix, which `catchResolutionFailure` observes.
//
// The declaration decides, for every builder of the factory: a main-actor dependency stays one
// when a test registers a fake for it, and a nonisolated one may be built anywhere, even by a
// fake registered from main-actor test code (which is where most tests register, and which
// says nothing about where the dependency is used).
//
// Builders isolated to another global actor are not checked: the runtime offers no way to ask
// whether an arbitrary actor is running without trapping. `resolveOnGlobalActor(_:)` resolves
// them on their actor, as in Factory.

/// What the container knows of where a builder must run.
@usableFromInline
enum BuilderIsolation {
  /// Whether `isolation`, the `#isolation` of the code that wrote a builder, is the main actor.
  ///
  /// A nonisolated declaration passes the literal `nil`, so inlined this folds away.
  @inlinable
  @inline(__always)
  static func isMainActor(_ isolation: (any Actor)?) -> Bool {
    guard let isolation else { return false }
    return ObjectIdentifier(isolation) == ObjectIdentifier(MainActor.shared)
  }

  /// Whether the caller runs on the main actor.
  ///
  /// The main actor runs its jobs on the main dispatch queue, which is not always drained by the
  /// main thread: Swift Testing on Linux drains it on a thread of its own. So the queue is asked
  /// too, through a value set on it once; the main thread outside any queue counts as well.
  @usableFromInline
  static var isOnMainActor: Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// Set on the main queue the first time it is needed, so that code running on it can tell.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
}

extension FactoryRegistration {
  /// Stops the resolution when a main-actor builder is about to run off the main actor.
  @inlinable
  @inline(__always)
  func checkBuilderIsolation(state: Unmanaged<ResolutionState>) {
    if traits.isBuiltOnMainActor, !BuilderIsolation.isOnMainActor {
      // The key, not `self`: passing the registration out of line would keep its copy of the
      // container, and its retain, on every main-actor resolution.
      BuilderIsolation.reportOffMainActor(key, in: state.takeUnretainedValue())
    }
  }
}

extension BuilderIsolation {
  @usableFromInline
  @inline(never)
  static func reportOffMainActor(_ key: FactoryKey, in state: ResolutionState) -> Never {
    reportFailure(.offMainActor(key, chain: state.chain + [key.description]), in: state)
  }
}
