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
/// property replaces it for this owner only; `$api` reaches the factory and resolves again.
@propertyWrapper
public struct Injected<T> {
  @usableFromInline var dependency: T
  @usableFromInline let source: InjectionSource

  /// Resolves `keyPath` on `Container.shared` now.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    dependency = Container.shared[keyPath: keyPath]()
    source = InjectionSource(keyPath)
  }

  /// Resolves `keyPath` on `C.shared` now.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    dependency = C.shared[keyPath: keyPath]()
    source = InjectionSource(keyPath)
  }

  /// Resolves a main-actor factory on `Container.shared` now.
  @MainActor
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    dependency = Container.shared[keyPath: keyPath]()
    source = InjectionSource(nil)
  }

  /// Resolves a main-actor factory on `C.shared` now.
  @MainActor
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    dependency = C.shared[keyPath: keyPath]()
    source = InjectionSource(nil)
  }

  /// The resolved dependency.
  @inlinable
  public var wrappedValue: T {
    get { dependency }
    set { dependency = newValue }
  }

  /// The wrapper itself, for its factory and to resolve again: `$api.factory`.
  public var projectedValue: Injected<T> {
    get { self }
    set { self = newValue }
  }

  /// The factory this property resolves, from the container's current `shared` instance.
  ///
  /// A property injected from a `MainActorFactory` has none; resolve that through the container.
  public var factory: Factory<T> {
    source.factory(of: T.self)
  }

  /// Resolves the dependency again, after resetting what `options` name on its factory.
  ///
  /// ```swift
  /// $api.resolve(reset: .scope)   // drop the kept instance and build a new one
  /// ```
  public mutating func resolve(reset options: FactoryResetOptions = .none) {
    let factory = self.factory
    factory.reset(options)
    dependency = factory()
  }
}

extension Injected: Sendable where T: Sendable {}
