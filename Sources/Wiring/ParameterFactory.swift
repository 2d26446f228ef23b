/// A factory that takes a parameter to build its value.
///
/// ```swift
/// extension Container {
///   var user: ParameterFactory<Int, User> { self { User(id: $0) } }
///   var avatar: ParameterFactory<String, Avatar> {
///     self { Avatar(url: $0) }.cached.scopeOnParameters
///   }
/// }
///
/// let user = Container.shared.user(42)
/// ```
///
/// Without ``scopeOnParameters`` a cached scope keeps one instance whatever the parameter.
public struct ParameterFactory<P, T>: IsolationInheritingFactory {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value from a parameter.
  ///
  /// Like ``Factory/Builder``, it keeps the isolation of the code that writes it.
  public typealias Builder = (P) -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

  /// Resolves a value for `parameter`.
  @inlinable
  @inline(__always)
  public borrowing func callAsFunction(_ parameter: P) -> T { resolve(parameter) }

  /// Resolves a value for `parameter`.
  @inlinable
  @inline(__always)
  public borrowing func resolve(_ parameter: P) -> T {
    registration.resolve(with: parameter) { $0($1) }
  }
}

// For a `Hashable` parameter, a `scopeOnParameters` factory finds the instance kept for an equal
// parameter without taking the container's lock.
extension ParameterFactory where P: Hashable {
  /// Resolves a value for `parameter`, finding a per-parameter instance without a lock.
  @inlinable
  @inline(__always)
  public borrowing func callAsFunction(_ parameter: P) -> T { resolve(parameter) }

  /// Resolves a value for `parameter`, finding a per-parameter instance without a lock.
  @inlinable
  @inline(__always)
  public borrowing func resolve(_ parameter: P) -> T {
    registration.resolve(hashing: parameter) { $0($1) }
  }

  /// Keeps one instance per distinct parameter value, in the factory's scope.
  @inlinable
  public var scopeOnParameters: Self {
    var changed = self
    changed.registration = registration.keptPerParameter()
    return changed
  }
}

extension FactoryRegistration {
  /// This registration, keeping one instance per distinct parameter.
  @inlinable
  func keptPerParameter() -> Self {
    var traits = traits
    traits[.keptPerParameter] = true
    return Self(copying: self, traits: traits, rareModifiers: rareModifiers)
  }
}

/// A parameter type known to be `Hashable`, for `.scopeOnParameters`.
@usableFromInline
struct HashableType: @unchecked Sendable {
  // NB: `@unchecked` is sound because a metatype is an immutable reference to type metadata,
  // which the runtime never mutates; `any Hashable.Type` only lacks the annotation.
  @usableFromInline let type: any Hashable.Type
  @inlinable init(_ type: any Hashable.Type) { self.type = type }
}
