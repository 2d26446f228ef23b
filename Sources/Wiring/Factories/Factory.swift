/// Builds and resolves one dependency, declared as a computed property on a container.
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton }
///   var primary: Factory<Database> { Factory(self, key: "primary") { Database(.primary) } }
/// }
///
/// let api = Container.shared.api()
/// ```
///
/// Its key is the declaring container's type, the produced type and the property's name (or
/// the explicit `key`), so two factories of one type are distinct registrations.
@_eagerMove  // for the reason given on `FactoryRegistration`
public struct Factory<T>: FactoryModifying {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value.
  ///
  /// Like Factory's, it keeps the isolation of the code that writes it and may capture what
  /// that code owns. A factory declared on the main actor builds only there: resolved anywhere
  /// else, it stops with a ``ResolutionFailure`` that names it.
  public typealias Builder = () -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Declares a factory on `container`.
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - function: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - isolation: The declaring code's actor; leave the default.
  ///   - builder: How to build a value.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, function: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: @escaping Builder
  ) {
    // NB: `@_eagerMove`, like the registration: with a lexical lifetime, the isolation kept the
    // container's copy, and its retain, alive for the whole resolution (`ContainerRetainTests`).
    registration = FactoryRegistration(
      container: container, name: key, origin: function,
      onMainActor: BuilderIsolation.isMainActor(isolation), builder: builder)
  }

  @inlinable
  init<C: ManagedContainer>(promisedBy container: C, key: StaticString, function: StaticString) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function,
      promise: { preconditionFailure("Wiring: a promise's stand-in builder ran") })
  }

  /// Resolves a value: a kept instance, or a new one, as the scope says.
  @inlinable
  @inline(__always)
  public borrowing func callAsFunction() -> T { resolve() }

  /// Resolves a value: a kept instance, or a new one, as the scope says.
  @inlinable
  @inline(__always)
  public borrowing func resolve() -> T {
    registration.resolve { $0() }
  }
}
