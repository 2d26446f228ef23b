/// How long a resolved instance lives and who shares it.
///
/// A factory is `.unique` unless its definition says otherwise. Scopes are plain values: applying
/// one in a definition costs a copy, never a lookup or a registration.
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton }
///   var session: Factory<Session> { self { Session() }.scope(.session) }
/// }
///
/// extension Scope {
///   static let session = Scope.custom("session")
/// }
///
/// Container.shared.manager.reset(scope: .session) // on logout
/// ```
public struct Scope: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Sendable, Hashable {
    case unique
    case cached
    case singleton
    case shared
    case graph
    case timeToLive(Double)
    case custom(id: Int, name: String)
  }

  @usableFromInline let kind: Kind

  @inlinable
  init(_ kind: Kind) { self.kind = kind }

  /// A new instance on every resolution; nothing is kept.
  public static let unique = Scope(.unique)

  /// One instance per container, kept until the container or this scope is reset.
  public static let cached = Scope(.cached)

  /// One instance per process, shared by every container, kept until the singleton scope is
  /// reset.
  public static let singleton = Scope(.singleton)

  /// One instance reused while something else still holds it strongly.
  ///
  /// The container keeps only a weak reference. Values that are not class instances cannot be
  /// held weakly, so for them `.shared` behaves like `.unique`.
  public static let shared = Scope(.shared)

  /// One instance per top-level resolution: every factory resolved while building one object
  /// graph receives the same instance, and the next resolution starts afresh.
  public static let graph = Scope(.graph)

  /// One instance per container, rebuilt once it is older than `seconds`.
  ///
  /// - Parameter seconds: How long a built instance stays valid, measured on a monotonic clock.
  public static func timeToLive(_ seconds: Double) -> Scope {
    Scope(.timeToLive(seconds))
  }

  /// A scope of your own: cached per container and reset on its own.
  ///
  /// Declare it once, as a static constant, and reset it when the lifetime it stands for ends:
  ///
  /// ```swift
  /// extension Scope {
  ///   static let session = Scope.custom("session")
  /// }
  ///
  /// Container.shared.manager.reset(scope: .session)
  /// ```
  ///
  /// Each call makes a distinct scope, even with the same name; the name is for diagnostics.
  public static func custom(_ name: String) -> Scope {
    Scope(.custom(id: nextCustomID.withLock { $0 += 1; return $0 }, name: name))
  }

  private static let nextCustomID = Locked(0)

  /// The scope's name as diagnostics print it: `cached`, `timeToLive(30.0)`, `session`.
  public var description: String {
    switch kind {
    case .unique: "unique"
    case .cached: "cached"
    case .singleton: "singleton"
    case .shared: "shared"
    case .graph: "graph"
    case .timeToLive(let seconds): "timeToLive(\(seconds))"
    case .custom(_, let name): name
    }
  }

  /// Whether instances of this scope are kept in a container's cache.
  @inlinable
  var isCachedInContainer: Bool {
    switch kind {
    case .cached, .shared, .timeToLive, .custom: true
    case .unique, .singleton, .graph: false
    }
  }
}
