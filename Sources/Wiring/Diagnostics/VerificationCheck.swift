/// One resolution that `verify(_:)` attempts.
///
/// Most checks name a factory by its key path; a check with a closure covers what needs an
/// argument:
///
/// ```swift
/// let report = Container.shared.verify(
///   .factory(\.api),
///   .resolving("user(42)") { $0.user(42) }
/// )
/// ```
public struct VerificationCheck<C: ManagedContainer>: Sendable {
  /// What the report calls this check; nil to use the key of the factory it resolves.
  let name: String?
  /// The attempt on a thread of its own, for synchronous factories.
  let attempt: @Sendable (C) -> Attempt
  /// The attempt in a task of its own, for async factories; nil for a synchronous check.
  let asyncAttempt: (@Sendable (C) async -> Attempt?)?

  /// What one check did: resolved, threw, or could not be attempted.
  enum Attempt: Sendable {
    case resolved(key: String)
    case threw(key: String, error: any Error)
    case unverifiable(key: String?, reason: String)

    /// The factory the check resolved, when it names one.
    var key: String? {
      switch self {
      case .resolved(let key), .threw(let key, _): key
      case .unverifiable(let key, _): key
      }
    }
  }

  /// Resolves the factory at `keyPath`: a `Factory`, or, with `await container.verify(…)`, an
  /// `AsyncFactory` or `AsyncThrowingFactory`. Factories with arguments need
  /// ``resolving(_:_:)``.
  public static func factory(_ keyPath: any PartialKeyPath<C> & Sendable) -> Self {
    VerificationCheck(name: nil) { container in
      let value = container[keyPath: keyPath]
      if let factory = value as? any AsyncVerifiableFactory {
        let reason = "an async factory; verify it with `await container.verify(…)`"
        return .unverifiable(key: factory.keyDescription, reason: reason)
      }
      guard let factory = value as? any VerifiableFactory else {
        let reason =
          value is any MainActorVerifiable
          ? "a main-actor factory; verify it with .resolvingAsync, resolving it on the main actor"
          : "\(type(of: value)) cannot be resolved without arguments; use .resolving"
        return .unverifiable(key: (value as? any KeyedFactory)?.keyDescription, reason: reason)
      }
      factory.resolveForVerification()
      return .resolved(key: factory.keyDescription)
    } asyncAttempt: { container in
      guard let factory = container[keyPath: keyPath] as? any AsyncVerifiableFactory else {
        return nil
      }
      do {
        try await factory.resolveForVerification()
        return .resolved(key: factory.keyDescription)
      } catch {
        return .threw(key: factory.keyDescription, error: error)
      }
    }
  }

  /// Runs `body`, which resolves what it needs from the sandbox container it receives.
  ///
  /// - Parameters:
  ///   - name: What the report calls this check, such as `user(42)`.
  ///   - body: Resolves from the container it is given, never from another.
  public static func resolving(
    _ name: String, _ body: @escaping @Sendable (C) -> Void
  ) -> Self {
    VerificationCheck(name: name) { container in
      body(container)
      return .resolved(key: name)
    } asyncAttempt: { _ in
      nil
    }
  }

  /// Runs async `body`, which resolves what it needs from the sandbox container it receives;
  /// for `await container.verify(…)`. An error it throws is a fault.
  ///
  /// ```swift
  /// let report = await Container.shared.verify(
  ///   .resolvingAsync("avatar(42)") { _ = try await $0.avatar(42) }
  /// )
  /// ```
  public static func resolvingAsync(
    _ name: String, _ body: @escaping @Sendable (C) async throws -> Void
  ) -> Self {
    VerificationCheck(name: name) { _ in
      .unverifiable(key: nil, reason: "async; verify it with `await container.verify(…)`")
    } asyncAttempt: { container in
      do {
        try await body(container)
        return .resolved(key: name)
      } catch {
        return .threw(key: name, error: error)
      }
    }
  }

  private init(
    name: String?, attempt: @escaping @Sendable (C) -> Attempt,
    asyncAttempt: @escaping @Sendable (C) async -> Attempt?
  ) {
    self.name = name
    self.attempt = attempt
    self.asyncAttempt = asyncAttempt
  }
}

/// A factory whose key a report can name.
protocol KeyedFactory {
  var keyDescription: String { get }
}

/// A factory that resolves without arguments, from any thread.
protocol VerifiableFactory: KeyedFactory {
  func resolveForVerification()
}

extension FactoryModifying {
  var keyDescription: String { registration.key.description }
}

extension Factory: VerifiableFactory {
  func resolveForVerification() { _ = resolve() }
}

/// An async factory that resolves without arguments.
protocol AsyncVerifiableFactory: KeyedFactory {
  func resolveForVerification() async throws
}

extension AsyncFactory: AsyncVerifiableFactory {
  func resolveForVerification() async { _ = await resolve() }
}

extension AsyncThrowingFactory: AsyncVerifiableFactory {
  func resolveForVerification() async throws { _ = try await resolve() }
}

extension ParameterFactory: KeyedFactory {}
extension MainActorFactory: KeyedFactory, MainActorVerifiable {}

/// A factory that builds only on the main actor, which a synchronous check cannot promise.
protocol MainActorVerifiable {}

extension Scope {
  /// Whether an instance kept in this scope, holding one of `held` that its builder resolved,
  /// keeps it past the life `held` promises: a captive dependency.
  ///
  /// Docs/Diagnostics.md tabulates every pair with its reason. In short: holders not kept
  /// (`.unique`, `.graph`) or kept only while held (`.shared`) capture nothing, and anything may
  /// hold a `.shared` or `.singleton` instance. Otherwise every kept holder captures a `.unique`
  /// or `.graph` instance, meant for one resolution; a `.singleton` outlives every container's
  /// resets; `.cached` outlives custom scopes, which are reset on their own; and an instance
  /// with a time to live must not outlive its seconds, which a holder without one, or renewed
  /// on use (`.timeToLive`, not `.expiring(after:)`), can do however short they are.
  func captures(_ held: Scope) -> Bool {
    switch (kind, held.kind) {
    case (.unique, _), (.graph, _), (.shared, _): return false
    case (_, .unique), (_, .graph): return true
    case (_, .shared): return false
    default: break
    }
    return outlives(held.kind) || outlives(held.lifetime)
  }

  /// Whether a kept instance of this scope's kind outlives the resets of `held`.
  private func outlives(_ held: Kind) -> Bool {
    switch (kind, held) {
    case (_, .singleton): false
    case (.singleton, _): true
    case (.custom(let holder), .custom(let id)): holder != id
    case (_, .custom): true
    default: false
    }
  }

  /// Whether a kept instance of this scope outlives `held`, a time to live.
  private func outlives(_ held: Lifetime?) -> Bool {
    guard let held else { return false }
    guard let lifetime, !lifetime.renewedOnUse else { return true }
    return held.seconds < lifetime.seconds
  }
}

extension ResolutionGraph {
  /// A kept instance that holds a shorter-lived one its builder resolved.
  struct Captive {
    /// The resolutions from a root to the held instance, outermost first.
    let chain: [Node]
    var holder: Node { chain[chain.count - 2] }
    var held: Node { chain[chain.count - 1] }
  }

  /// Every edge whose holder captures what it resolved, each with a chain from a root.
  func captives() -> [Captive] {
    edges.compactMap { edge in
      let (holder, held) = (nodes[edge.from], nodes[edge.to])
      guard holder.builds > 0, holder.scope.captures(held.scope) else { return nil }
      return Captive(chain: path(to: edge.from).map { nodes[$0] } + [held])
    }
  }

  /// The nodes from a root to `node`, found breadth first.
  private func path(to node: Int) -> [Int] {
    var previous: [Int: Int] = [:]
    var queue = roots
    var seen = Set(roots)
    while !queue.isEmpty {
      let current = queue.removeFirst()
      if current == node { break }
      for edge in edges where edge.from == current && seen.insert(edge.to).inserted {
        previous[edge.to] = current
        queue.append(edge.to)
      }
    }
    var path = [node]
    while let before = previous[path[0]] { path.insert(before, at: 0) }
    return path
  }
}

extension VerificationReport.Fault {
  /// The fault of a captive dependency found by `check`.
  init(_ captive: ResolutionGraph.Captive, foundBy check: String) {
    let (holder, held) = (captive.holder, captive.held)
    self.init(
      kind: .captive, chain: captive.chain.map(\.name),
      message: "\(holder.name) (\(holder.scope)) captures \(held.name) (\(held.scope)): its "
        + "builder resolved it, and keeping the one keeps the other past its lifetime; "
        + "resolved as \(captive.chain.map(\.name).joined(separator: " → "))",
      foundBy: [check])
  }
}
