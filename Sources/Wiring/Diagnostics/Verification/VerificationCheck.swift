/// One resolution that ``VerifiableContainer/verify(_:)-(VerificationCheck<Self>...)`` attempts.
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
  let attempt: @Sendable (C) -> Attempt

  /// What one check did: resolved, or could not be attempted.
  enum Attempt {
    case resolved(key: String)
    case unverifiable(key: String?, reason: String)
  }

  /// Resolves the factory at `keyPath` (a `Factory`; other factories need ``resolving(_:_:)``).
  public static func factory(_ keyPath: any PartialKeyPath<C> & Sendable) -> Self {
    VerificationCheck(name: nil) { container in
      let value = container[keyPath: keyPath]
      guard let factory = value as? any VerifiableFactory else {
        let reason = "\(type(of: value)) cannot be resolved without arguments; use .resolving"
        return .unverifiable(key: (value as? any KeyedFactory)?.keyDescription, reason: reason)
      }
      factory.resolveForVerification()
      return .resolved(key: factory.keyDescription)
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
    }
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

extension ParameterFactory: KeyedFactory {}
extension MainActorFactory: KeyedFactory {}
