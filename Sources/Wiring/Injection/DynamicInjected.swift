/// Resolves a dependency on every access, from the container's current `shared` instance.
///
/// ```swift
/// final class Model {
///   @DynamicInjected(\.clock) var clock   // sees overrides registered later
/// }
/// ```
@propertyWrapper
public struct DynamicInjected<T> {
  @usableFromInline let factory: @Sendable () -> Factory<T>

  /// Resolves `keyPath` on `Container.shared` at every access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    let declaration = DeclarationKeyPath(keyPath)
    factory = { Container.shared[keyPath: declaration.keyPath] }
  }

  /// Resolves `keyPath` on `C.shared` at every access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    let declaration = DeclarationKeyPath(keyPath)
    factory = { C.shared[keyPath: declaration.keyPath] }
  }

  /// A freshly resolved value.
  @inlinable
  public var wrappedValue: T { factory()() }

  /// The factory, from the container's current `shared` instance: `$clock.register { … }`.
  @inlinable
  public var projectedValue: Factory<T> { factory() }
}

extension DynamicInjected: Sendable where T: Sendable {}
