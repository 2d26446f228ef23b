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
    key: StaticString = #function, function: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: @escaping () -> T
  ) -> Factory<T> {
    Factory(self, key: key, function: function, isolation: isolation, builder)
  }

  /// Declares a parameterized factory: `self { User(id: $0) }`.
  @inlinable
  @inline(__always)
  public func callAsFunction<P, T>(
    key: StaticString = #function, function: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: @escaping (P) -> T
  ) -> ParameterFactory<P, T> {
    ParameterFactory(self, key: key, function: function, isolation: isolation, builder)
  }

  /// Declares a main-actor factory from a main-actor property: `self { ViewModel() }`.
  @MainActor
  @inlinable
  @inline(__always)
  public func callAsFunction<T>(
    key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping @MainActor @Sendable () -> T
  ) -> MainActorFactory<T> {
    MainActorFactory(self, key: key, function: function, builder)
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
    key: StaticString = #function, function: StaticString = #function
  ) -> Factory<T> {
    Factory(promisedBy: self, key: key, function: function)
  }

  /// Declares a parameterized factory that this module needs and the app must register.
  @inlinable
  public func promised<P, T>(
    key: StaticString = #function, function: StaticString = #function
  ) -> ParameterFactory<P, T> {
    ParameterFactory(promisedBy: self, key: key, function: function)
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
