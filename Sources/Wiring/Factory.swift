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
public struct Factory<T>: IsolationInheritingFactory {
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

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

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

extension ManagedContainer {
  /// Declares a factory in a container extension: `self { LiveAPIClient() }`.
  ///
  /// ```swift
  /// extension Container {
  ///   var api: Factory<any APIClient> { self { LiveAPIClient() } }
  /// }
  /// ```
  @inlinable
  @inline(__always)
  public func callAsFunction<T>(
    key: StaticString = #function, site: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: @escaping () -> T
  ) -> Factory<T> {
    // Straight to the registration rather than through `Factory(self, key:…)`: a debug build
    // runs every generic layer it is given, and this is the path of every resolution.
    Factory(
      registration: FactoryRegistration(
        container: self, name: key, site: site, builder: builder,
        onMainActor: BuilderIsolation.isMainActor(isolation)))
  }

  /// Declares a parameterized factory: `self { User(id: $0) }`.
  @inlinable
  @inline(__always)
  public func callAsFunction<P, T>(
    key: StaticString = #function, site: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: @escaping (P) -> T
  ) -> ParameterFactory<P, T> {
    ParameterFactory(
      registration: FactoryRegistration(
        container: self, name: key, site: site, builder: builder,
        onMainActor: BuilderIsolation.isMainActor(isolation)))
  }

  /// Declares a main-actor factory from a main-actor property: `self { ViewModel() }`.
  @MainActor
  @inlinable
  @inline(__always)
  public func callAsFunction<T>(
    key: StaticString = #function, site: StaticString = #function,
    _ builder: @escaping @MainActor @Sendable () -> T
  ) -> MainActorFactory<T> {
    MainActorFactory(self, key: key, site: site, builder)
  }

  /// Declares a factory that this module needs and the app must register.
  ///
  /// Resolving it before anything is registered is a programmer error, reported with the
  /// factory's name and how to register it.
  ///
  /// ```swift
  /// extension Container {
  ///   public var store: Factory<(any Store)?> { promised() }
  /// }
  ///
  /// // where the app starts
  /// Container.shared.store.register { SQLiteStore() }
  /// ```
  @inlinable
  public func promised<T>(
    key: StaticString = #function, site: StaticString = #function
  ) -> Factory<T> {
    Factory(promisedBy: self, key: key, site: site)
  }

  /// Declares a parameterized factory that this module needs and the app must register.
  @inlinable
  public func promised<P, T>(
    key: StaticString = #function, site: StaticString = #function
  ) -> ParameterFactory<P, T> {
    ParameterFactory(promisedBy: self, key: key, site: site)
  }

  /// Resets every factory of this container: see ``ContainerManager/reset(options:)``.
  ///
  /// ```swift
  /// override func setUp() {
  ///   Container.shared.reset()
  /// }
  /// ```
  public func reset(options: FactoryResetOptions = .all) {
    manager.reset(options: options)
  }
}

/// A kind of factory that can be promised: declared by a module that needs it, and built by
/// whatever the app registers (`promised()`).
@usableFromInline
protocol PromisableFactory: FactoryModifying {
  /// Fills the builder's place in a promise; it is never called.
  static var standIn: Builder { get }
}

extension PromisableFactory {
  @inlinable
  init<C: ManagedContainer>(promisedBy container: C, key: StaticString, site: StaticString) {
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, site: site, promise: Self.standIn))
  }

  /// What a stand-in does if it is ever called: stops, since a promise resolves only through
  /// what the app registered.
  @inlinable
  static func standInRan() -> Never {
    preconditionFailure("Wiring: a promise's stand-in builder ran")
  }
}

extension Factory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}

extension ParameterFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { _ in standInRan() } }
}

extension AsyncFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}

extension AsyncThrowingFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}

/// Resolving a factory whose builder belongs to an actor, from code that may run elsewhere.
extension Factory where T: Sendable {
  /// Resolves on the main actor: for a factory declared in main-actor code.
  ///
  /// A builder written on the main actor runs only there. From other code, await this instead
  /// of calling the factory:
  ///
  /// ```swift
  /// extension Container {
  ///   @MainActor var profile: Factory<ProfileViewModel> { self { ProfileViewModel() } }
  /// }
  ///
  /// let model = await Container.shared.profile.resolveOnMainActor()
  /// ```
  @MainActor
  @inlinable
  public func resolveOnMainActor() -> T { resolve() }

  /// Resolves on `isolation`, the global actor that the factory's builder belongs to.
  ///
  /// ```swift
  /// let store = await Container.shared.store.resolveOnGlobalActor(DatabaseActor.shared)
  /// ```
  ///
  /// Wiring checks main-actor builders before they run; a builder isolated to another actor
  /// runs wherever it is resolved, so pass the actor it was written for.
  @inlinable
  public func resolveOnGlobalActor(_ isolation: isolated any Actor) -> T { resolve() }
}

/// Resolving a parameterized factory whose builder belongs to an actor.
extension ParameterFactory where P: Sendable, T: Sendable {
  /// Resolves for `parameter` on the main actor: see ``Factory/resolveOnMainActor()``.
  @MainActor
  @inlinable
  public func resolveOnMainActor(_ parameter: P) -> T { resolve(parameter) }

  /// Resolves for `parameters` on `isolation`: see ``Factory/resolveOnGlobalActor(_:)``.
  @inlinable
  public func resolveOnGlobalActor(_ isolation: isolated any Actor, parameters: P) -> T {
    resolve(parameters)
  }
}
