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
    self.init(dependency: Container.shared[keyPath: keyPath](), source: InjectionSource(keyPath))
  }

  /// Resolves `keyPath` on `C.shared` now.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    self.init(dependency: C.shared[keyPath: keyPath](), source: InjectionSource(keyPath))
  }

  /// Resolves a main-actor factory on `Container.shared` now.
  ///
  /// A main-actor factory has no `Factory` for `$value.factory` to reach.
  @MainActor
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    self.init(dependency: Container.shared[keyPath: keyPath](), source: InjectionSource(nil))
  }

  /// Resolves a main-actor factory on `C.shared` now.
  @MainActor
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    self.init(dependency: C.shared[keyPath: keyPath](), source: InjectionSource(nil))
  }

  @inlinable
  @inline(__always)
  init(dependency: T, source: InjectionSource) {
    self.dependency = dependency
    self.source = source
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

/// The key path a property wrapper was made with, to find its factory again on the container's
/// current `shared` instance.
@usableFromInline
struct InjectionSource: Sendable {
  /// Nil for a wrapper made from a `MainActorFactory`, whose key path is main-actor isolated.
  @usableFromInline let declaration: DeclarationKeyPath<AnyKeyPath>?

  @inlinable
  init(_ keyPath: AnyKeyPath?) { declaration = keyPath.map(DeclarationKeyPath.init) }

  /// The factory at the key path, read from its container's `shared` instance now.
  ///
  /// Traps for a wrapper made from a `MainActorFactory`, saying what to write instead.
  func factory<T>(of _: T.Type) -> Factory<T> {
    if let keyPath = declaration?.keyPath {
      func read<C: SharedContainer>(_: C.Type) -> Any? { C.shared[keyPath: keyPath] }
      if let container = type(of: keyPath).rootType as? any SharedContainer.Type,
        let factory = read(container) as? Factory<T>
      {
        return factory
      }
    }
    preconditionFailure(
      "Wiring: a property injected from a MainActorFactory<\(T.self)> has no Factory; "
        + "resolve or register it through the container, on the main actor")
  }
}

/// A key path to a factory's declaring property, held by a wrapper that may cross threads.
@usableFromInline
struct DeclarationKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
  // NB: `@unchecked` because a key path to an actor-isolated property, such as a factory
  // declared `@MainActor` or in a module whose default isolation is the main actor, is not
  // `Sendable`: reading it calls the property's getter wherever the reader runs. A key path is
  // immutable, and a declaring property only makes a `Factory` value from the container it is
  // given (`self { … }`); the part of it that belongs to the actor, the builder, is checked
  // before it runs (`BuilderIsolation`). Factory's wrappers take such key paths the same way.
  @usableFromInline let keyPath: Path

  @inlinable
  init(_ keyPath: Path) { self.keyPath = keyPath }
}

/// Resolves the factory at `keyPath` on `Container.shared`.
///
/// ```swift
/// final class Downloader {
///   let session: Session = dependency(\.session)
/// }
/// ```
@inlinable
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
  Container.shared[keyPath: keyPath]()
}

/// Resolves the factory at `keyPath` on `C.shared`.
@inlinable
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
  C.shared[keyPath: keyPath]()
}

/// Resolves the parameterized factory at `keyPath` on `Container.shared` with `parameter`.
///
/// ```swift
/// let user: User = dependency(\.user, parameter: 42)
/// ```
@inlinable
public func dependency<P, T>(
  _ keyPath: KeyPath<Container, ParameterFactory<P, T>>, parameter: P
) -> T {
  Container.shared[keyPath: keyPath](parameter)
}

/// Resolves the parameterized factory at `keyPath` on `C.shared` with `parameter`.
@inlinable
public func dependency<C: SharedContainer, P, T>(
  _ keyPath: KeyPath<C, ParameterFactory<P, T>>, parameter: P
) -> T {
  C.shared[keyPath: keyPath](parameter)
}

/// Resolves the factory at `keyPath` on `Container.shared`: Factory's older name for
/// `dependency(_:)`, deprecated there and here.
@available(*, deprecated, renamed: "dependency", message: "write dependency(\\.name) instead")
public func resolve<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
  Container.shared[keyPath: keyPath]()
}

/// Resolves the factory at `keyPath` on `C.shared`: Factory's older name for `dependency(_:)`,
/// deprecated there and here.
@available(*, deprecated, renamed: "dependency", message: "write dependency(\\C.name) instead")
public func resolve<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
  C.shared[keyPath: keyPath]()
}

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

/// The shared container that was current when its owner was initialized.
///
/// ```swift
/// final class Checkout {
///   @InjectedContainer var container
///   @InjectedContainer(PaymentContainer.self) var payments
///
///   func pay() { payments.processor().charge(container.cart().total) }
/// }
/// ```
///
/// An owner made inside a test's `.container` scope, or inside `Container.$shared.withValue`,
/// keeps that container after the scope ends, where reading `Container.shared` then would not.
@propertyWrapper
public struct InjectedContainer<C: SharedContainer>: Sendable {
  /// The container held.
  public var wrappedValue: C

  /// Holds `Container.shared`.
  public init() where C == Container {
    wrappedValue = Container.shared
  }

  /// Holds `C.shared`.
  public init(_: C.Type) {
    wrappedValue = C.shared
  }

  /// Resets the container held, as its manager's `reset(options:)` does; the default resets
  /// nothing, as in Factory.
  public func reset(options: FactoryResetOptions = .none) {
    wrappedValue.manager.reset(options: options)
  }
}
