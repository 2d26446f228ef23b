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
  public init(_ keyPath: any KeyPath<Container, Factory<T>> & Sendable) {
    factory = { Container.shared[keyPath: keyPath] }
  }

  /// Resolves `keyPath` on `C.shared` at every access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: any KeyPath<C, Factory<T>> & Sendable) {
    factory = { C.shared[keyPath: keyPath] }
  }

  /// A freshly resolved value.
  @inlinable
  public var wrappedValue: T { factory()() }

  /// The factory, from the container's current `shared` instance: `$clock.register { … }`.
  @inlinable
  public var projectedValue: Factory<T> { factory() }
}

extension DynamicInjected: Sendable where T: Sendable {}
