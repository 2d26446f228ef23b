/// Resolves a dependency when its owner is initialized.
///
/// ```swift
/// final class Model {
///   @Injected(\.api) var api
///   @Injected(\NetworkContainer.session) var session
/// }
/// ```
///
/// The value comes from the container's `shared` instance at that moment. Assigning to the
/// property replaces it for this owner only.
@propertyWrapper
public struct Injected<T> {
  @usableFromInline var dependency: T

  /// Resolves `keyPath` on `Container.shared` now.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    dependency = Container.shared[keyPath: keyPath]()
  }

  /// Resolves `keyPath` on `C.shared` now.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    dependency = C.shared[keyPath: keyPath]()
  }

  /// Resolves a main-actor factory on `Container.shared` now.
  @MainActor
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    dependency = Container.shared[keyPath: keyPath]()
  }

  /// Resolves a main-actor factory on `C.shared` now.
  @MainActor
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    dependency = C.shared[keyPath: keyPath]()
  }

  /// The resolved dependency.
  @inlinable
  public var wrappedValue: T {
    get { dependency }
    set { dependency = newValue }
  }
}

extension Injected: Sendable where T: Sendable {}
