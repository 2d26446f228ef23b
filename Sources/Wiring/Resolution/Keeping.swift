/// Where a resolution's instance is kept: the one rule behind "where does this instance come
/// from", which the lock-free path, the locked path and async resolutions all follow.
///
/// The scope that applies is the override's own scope, else the declared one, else the
/// container's default, else `.unique`; an override's `.singleton` is kept in the container that
/// holds the override, so a test's fake never reaches other containers.
@usableFromInline
enum Keeping: Sendable {
  /// Built for each caller and kept nowhere: `.unique`.
  case nowhere
  /// Kept by the resolving thread until its top-level resolution ends: `.graph`.
  case inResolution
  /// Kept in the container and returned as it is: `.cached`, custom scopes, and an override's
  /// `.singleton`.
  case inContainer
  /// Kept in the container and checked on every read, which only the locked path does:
  /// `.shared`, held weakly, and `.timeToLive`, which expires.
  case inContainerChecked
  /// Kept process-wide with the singletons: a declaration's `.singleton`.
  case processWide

  /// Where an instance of `scope` is kept; `overridden` when the key's slot holds an override.
  @inlinable
  @inline(__always)
  init(_ scope: Scope, overridden: Bool) {
    switch scope.kind {
    case .unique: self = .nowhere
    case .graph: self = .inResolution
    case .cached, .custom: self = .inContainer
    case .shared, .timeToLive: self = .inContainerChecked
    case .singleton: self = overridden ? .inContainer : .processWide
    }
  }

  /// Where a declaration's instance is kept once an override without a scope of its own applies.
  @inlinable
  @inline(__always)
  var overridden: Keeping {
    self == .processWide ? .inContainer : self
  }
}
