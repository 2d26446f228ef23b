/// How long a resolved instance lives and who shares it.
///
/// A factory is `.unique` unless its declaration, or its container's `defaultScope`, says
/// otherwise. Scopes are plain values: applying one in a definition costs a copy, never a lookup
/// or a registration.
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
    /// A scope made by `custom(_:)`; its name is in `customNames`, so a scope stays a few
    /// plain bytes that copy without retaining anything.
    case custom(id: Int)
  }

  @usableFromInline let kind: Kind
  /// The time to live in seconds, negated when it counts from the build
  /// (`expiring(after:)`), infinite for none: one `Float`, so that a scope, which every
  /// declaration carries, stays two words. `lifetime` reads it.
  @usableFromInline let lifetimeCode: Float

  /// A time to live: `seconds`, which each resolution that takes the instance starts again
  /// when `renewedOnUse`.
  struct Lifetime: Sendable, Hashable {
    let seconds: Double
    let renewedOnUse: Bool
  }

  @inlinable
  init(_ kind: Kind) {
    self.kind = kind
    lifetimeCode = .infinity
  }

  init(_ kind: Kind, lifetime: Lifetime?) {
    self.kind = kind
    guard let lifetime else {
      lifetimeCode = .infinity
      return
    }
    // Negative or NaN seconds expire at once, as 0 does; a negated 0 equals 0, which expires
    // at once either way.
    let seconds = lifetime.seconds > 0 ? Float(lifetime.seconds) : 0
    lifetimeCode = lifetime.renewedOnUse ? seconds : -seconds
  }

  /// How long a kept instance stays valid; nil for as long as the scope keeps it.
  var lifetime: Lifetime? {
    guard lifetimeCode != .infinity else { return nil }
    return Lifetime(seconds: Double(abs(lifetimeCode)), renewedOnUse: lifetimeCode >= 0)
  }

  /// This scope with instances valid for `lifetime`; a scope that keeps nothing stays as it is.
  func living(_ lifetime: Lifetime?) -> Scope {
    switch kind {
    case .unique, .graph: Scope(kind)
    default: Scope(kind, lifetime: lifetime)
    }
  }

  /// `scope`, or `.cached` when it is nil, with instances valid for `seconds` after each use:
  /// what `.timeToLive(seconds)` makes of the scope it is written with.
  @usableFromInline
  static func living(for seconds: Double, over scope: Scope?) -> Scope {
    (scope ?? .cached).living(Lifetime(seconds: seconds, renewedOnUse: true))
  }

  /// This scope, or, when it sets no time to live of its own, this scope with `other`'s: as in
  /// Factory, a time to live stays whichever scope modifier comes after it.
  @usableFromInline
  func keepingLifetime(of other: Scope?) -> Scope {
    guard lifetime == nil, let inherited = other?.lifetime else { return self }
    return living(inherited)
  }

  /// A new instance on every resolution; nothing is kept.
  @inlinable public static var unique: Scope { Scope(.unique) }

  /// One instance per container, kept until the container or this scope is reset.
  @inlinable public static var cached: Scope { Scope(.cached) }

  /// One instance per process, shared by every container, kept until the singleton scope is
  /// reset.
  @inlinable public static var singleton: Scope { Scope(.singleton) }

  /// One instance reused while something else still holds it strongly.
  ///
  /// The container keeps only a weak reference. Values that are not class instances cannot be
  /// held weakly, so for them `.shared` behaves like `.unique`.
  @inlinable public static var shared: Scope { Scope(.shared) }

  /// One instance per top-level resolution: every factory resolved while building one object
  /// graph receives the same instance, and the next resolution starts afresh.
  @inlinable public static var graph: Scope { Scope(.graph) }

  /// One instance per container, rebuilt once it has gone unused for `seconds`.
  ///
  /// Each resolution that takes the kept instance starts its time again, as in Factory, so an
  /// instance in steady use lives on. For a lifetime counted from the build, however often the
  /// instance is used, use ``expiring(after:)``. To give another scope a time to live, use the
  /// modifier: `.scope(.session).timeToLive(60)`.
  ///
  /// ```swift
  /// var limiter: Factory<RateLimiter> { self { RateLimiter() }.scope(.timeToLive(60)) }
  /// ```
  ///
  /// - Parameter seconds: How long an unused instance stays valid, on a monotonic clock.
  public static func timeToLive(_ seconds: Double) -> Scope {
    Scope(.cached, lifetime: Lifetime(seconds: seconds, renewedOnUse: true))
  }

  /// One instance per container, rebuilt once it is older than `seconds`, however often used.
  ///
  /// For what must not outlive a fixed lifetime, such as a token that expires:
  ///
  /// ```swift
  /// var token: Factory<Token> { self { Token.issue() }.scope(.expiring(after: 3_600)) }
  /// ```
  ///
  /// - Parameter seconds: How long a built instance stays valid, on a monotonic clock.
  public static func expiring(after seconds: Double) -> Scope {
    Scope(.cached, lifetime: Lifetime(seconds: seconds, renewedOnUse: false))
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
    let id = customNames.withLock { names in
      names.count += 1
      // A scope written in a declaration is made again at each resolution, with the same name:
      // the name is kept once for the run of ids it names.
      if names.runs.last?.name != name { names.runs.append((names.count, name)) }
      return names.count
    }
    return Scope(.custom(id: id))
  }

  /// A scope of your own, in Factory's spelling: `static let session = Cached()`.
  ///
  /// The same as ``custom(_:)``; name it with `custom("session")` to see the name in
  /// diagnostics.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // Factory's spelling: its users write `Cached()`, as if it were a type.
  public static func Cached() -> Scope {
    custom("cached")
  }

  /// The names of custom scopes, the ids made so far (`count`), and `runs`, in order, each name
  /// with the first id of a run of ids it names.
  private static let customNames = Locked<(count: Int, runs: [(first: Int, name: String)])>(
    (0, []))

  /// The scope's name as diagnostics print it: `cached`, `timeToLive(30.0)`,
  /// `expiring(after: 30.0)`, `session`, `singleton.timeToLive(30.0)`.
  public var description: String {
    let name =
      switch kind {
      case .unique: "unique"
      case .cached: "cached"
      case .singleton: "singleton"
      case .shared: "shared"
      case .graph: "graph"
      case .custom(let id):
        Self.customNames.withLock { names in
          names.runs.last { $0.first <= id }?.name ?? "custom"
        }
      }
    guard lifetimeCode != .infinity else { return name }
    let seconds = abs(lifetimeCode)
    let limit = lifetimeCode >= 0 ? "timeToLive(\(seconds))" : "expiring(after: \(seconds))"
    return kind == .cached ? limit : "\(name).\(limit)"
  }
}

extension Scope {
  /// Drops the instances this scope keeps, spelled as in Factory: `Scope.singleton.reset()`.
  ///
  /// For ``singleton`` it drops every singleton: the process-wide ones, or inside a test
  /// isolated by `WiringTesting`, that test's own, and those that registrations in
  /// `Container.shared` built, which it keeps. Other scopes keep their instances in each
  /// container; for them it empties the scope in `Container.shared`. Both are what
  /// `Container.shared.manager.reset(scope:)` does, which is the form to use for another
  /// container.
  ///
  /// ```swift
  /// Scope.singleton.reset()
  /// ```
  public func reset() {
    Container.shared.manager.reset(scope: self)
  }
}

// The scope as the declaration's traits word holds it (`DeclarationTraits.scopeCode`).
extension Scope {
  /// This scope as a code of at most 19 bits, or nil when it needs more: a time to live, or a
  /// custom scope numbered past 32,767.
  @inlinable
  var code: UInt64? {
    guard lifetimeCode == .infinity else { return nil }
    return switch kind {
    case .unique: 1
    case .cached: 2
    case .singleton: 3
    case .shared: 4
    case .graph: 5
    case .custom(let id): id < 1 << 15 ? 6 | UInt64(id) << 4 : nil
    }
  }

  /// The scope a nonzero `code` stands for; nil for 0.
  @inlinable
  init?(code: UInt64) {
    switch code & 0xF {
    case 1: self = .unique
    case 2: self = .cached
    case 3: self = .singleton
    case 4: self = .shared
    case 5: self = .graph
    case 6: self.init(.custom(id: Int(code >> 4)))
    default: return nil
    }
  }
}
