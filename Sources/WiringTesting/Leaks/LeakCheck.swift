public import Wiring

/// Which instances a test's container built must be gone when the test ends.
///
/// ```swift
/// @Suite(.container(leaks: .fail))
/// struct ProfileScreenTests { … }
///
/// @Test(.container(leaks: .fail(alsoIn: [.cached], ignoring: [ImageCache.self])))
/// func closesTheProfile() { … }
/// ```
///
/// Instances of `.unique` and `.graph` factories are checked: nothing in the container keeps them,
/// so one that is still alive after the test is held by something the test left behind, often a
/// retain cycle. Kept scopes are expected to outlive a resolution; check them with `alsoIn:`.
public struct LeakCheck: Sendable {
  let isOn: Bool
  let scopes: [Scope]
  let ignored: Set<ObjectIdentifier>

  /// No check: the default, which costs nothing.
  public static let off = LeakCheck(isOn: false, scopes: [], ignored: [])

  /// Every instance of a `.unique` or `.graph` factory must be freed by the end of the test.
  public static let fail = LeakCheck.fail()

  /// Checks `.unique` and `.graph` instances, and those of `scopes` (`.cached`, `.singleton`,
  /// `.shared`, any custom scope; `.timeToLive(_:)` for any scope with a time to live), except
  /// instances of `ignoring`: types expected to outlive a test, such as a cache that a test
  /// deliberately keeps.
  public static func fail(alsoIn scopes: [Scope] = [], ignoring types: [Any.Type] = []) -> Self {
    LeakCheck(isOn: true, scopes: scopes, ignored: Set(types.map(ObjectIdentifier.init)))
  }

  /// A tracker for one test, or nil when the check is off.
  func tracker() -> LeakTracker? {
    isOn ? LeakTracker(scopes: scopes, ignoring: ignored) : nil
  }
}
