/// The class instances a container built while a leak check watches it, each held weakly with
/// the factory and the chain of resolutions that built it.
///
/// `WiringTesting` attaches one to a test's container and asks it, once the test has let go of
/// everything, which instances are still alive.
package final class LeakTracker: Sendable {
  /// One instance built while the check watched.
  package struct Built: Sendable {
    /// The instance's type, as Swift prints it.
    package let type: String
    /// The factories being resolved when it was built, outermost first; the last built it.
    package let chain: [String]
  }

  private let scopes: [Scope]
  /// The types never tracked.
  private let ignored: Set<ObjectIdentifier>
  private let entries = Locked<[Entry]>([])

  /// Tracks what `.unique` and `.graph` factories build, and what factories of `scopes` build;
  /// never instances of the `ignored` types.
  package init(scopes: [Scope], ignoring ignored: Set<ObjectIdentifier>) {
    self.scopes = scopes
    self.ignored = ignored
  }

  /// Remembers `value` when it is a class instance built in a tracked scope.
  func track<Value>(_ value: Value, scope: Scope, chain: @autoclosure () -> [String]) {
    guard tracks(scope), let object = classInstance(value),
      !ignored.contains(ObjectIdentifier(type(of: object)))
    else { return }
    let entry = Entry(
      object: object, built: Built(type: String(describing: type(of: object)), chain: chain()))
    entries.withLock { $0.append(entry) }
  }

  private func tracks(_ scope: Scope) -> Bool {
    switch scope.kind {
    case .unique, .graph: true
    case .cached, .singleton, .shared, .custom:
      scopes.contains { $0.isSameKind(as: scope) }
    }
  }

  /// The tracked instances that are still alive.
  package var survivors: [Built] {
    entries.withLock { $0.filter { $0.object != nil }.map(\.built) }
  }

  private final class Entry: @unchecked Sendable {
    // NB: `@unchecked` because of the weak reference: it is written once, here, and only ever
    // compared with nil afterwards (weak loads are atomic in the Swift runtime); the instance is
    // never used through it.
    weak var object: AnyObject?
    let built: Built

    init(object: AnyObject, built: Built) {
      self.object = object
      self.built = built
    }
  }
}

extension Scope {
  /// Whether this scope is of the kind `other` names: `other` with a time to live names every
  /// scope with one, and a custom scope every custom scope.
  func isSameKind(as other: Scope) -> Bool {
    if other.lifetime != nil { return lifetime != nil }
    switch (kind, other.kind) {
    case (.custom, .custom): return true
    default: return kind == other.kind
    }
  }
}

extension ContainerManager {
  /// Tracks what this container builds from now on with `tracker`, or stops with nil.
  ///
  /// While a tracker is attached, resolutions of this container take the locked path, as they
  /// do while it is traced.
  package func trackLeaks(with tracker: LeakTracker?) {
    observation.setLeakTracker(tracker)
    observationChanged()
  }
}
