/// Resolves a dependency by type from a ``Resolving`` container when its owner is initialized.
///
/// ```swift
/// final class Model {
///   @InjectedType(Services.shared) var clock: (any Clock)?
/// }
/// ```
///
/// Reads nil when the container is not `Resolving` or nothing is registered for the type.
@propertyWrapper
public struct InjectedType<T> {
  @usableFromInline var dependency: T?

  /// Resolves a `T` from `Container.shared`, if it is `Resolving`.
  public init() {
    dependency = (Container.shared as any ManagedContainer as? any Resolving)?.resolve(T.self)
  }

  /// Resolves a `T` from `container`, if it is `Resolving`.
  public init(_ container: any ManagedContainer) {
    dependency = (container as? any Resolving)?.resolve(T.self)
  }

  /// The resolved dependency, or nil.
  @inlinable
  public var wrappedValue: T? {
    get { dependency }
    set { dependency = newValue }
  }
}

extension InjectedType: Sendable where T: Sendable {}
