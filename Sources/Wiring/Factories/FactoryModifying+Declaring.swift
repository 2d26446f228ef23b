/// A kind of factory whose builder keeps the isolation of the code that declares it:
/// ``Factory`` and ``ParameterFactory``.
///
/// Like Factory's, such a builder is a plain closure that may capture what the declaring code
/// owns. The declaration records whether that code was on the main actor, and a builder written
/// there runs only there: resolved anywhere else, it stops with a ``ResolutionFailure`` that
/// names the factory.
public protocol IsolationInheritingFactory: FactoryModifying {}

extension IsolationInheritingFactory {
  /// Declares a factory on `container`.
  ///
  /// ```swift
  /// extension Container {
  ///   var primary: Factory<Database> { Factory(self, key: "primary") { Database(.primary) } }
  /// }
  /// ```
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
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: Builder
  ) {
    // NB: `@_eagerMove`, like the registration: with a lexical lifetime, the isolation kept the
    // container's copy, and its retain, alive for the whole resolution (`ContainerRetainTests`).
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, origin: function,
        onMainActor: BuilderIsolation.isMainActor(isolation), builder: builder))
  }
}

extension FactoryModifying where Builder: Sendable {
  /// Declares a factory on `container`.
  ///
  /// A `Sendable` builder states where it runs (``MainActorFactory``) or runs anywhere
  /// (``AsyncFactory``, ``AsyncThrowingFactory``), so the declaration records no isolation.
  ///
  /// ```swift
  /// extension Container {
  ///   var replica: AsyncFactory<Database> {
  ///     AsyncFactory(self, key: "replica") { await Database.open(.replica) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - function: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - builder: How to build a value.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, function: StaticString = #function,
    _ builder: Builder
  ) {
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, origin: function, builder: builder))
  }
}
