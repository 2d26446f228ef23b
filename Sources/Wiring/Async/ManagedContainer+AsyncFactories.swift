extension ManagedContainer {
  /// Declares an async factory: `self { await Database.open() }`.
  ///
  /// ```swift
  /// extension Container {
  ///   var database: AsyncFactory<Database> { self { await Database.open() }.singleton }
  /// }
  /// ```
  @inlinable
  @inline(__always)
  public func callAsFunction<T: Sendable>(
    key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping @Sendable () async -> T
  ) -> AsyncFactory<T> {
    AsyncFactory(self, key: key, function: function, builder)
  }

  /// Declares a throwing async factory: `self { try await Session.signIn() }`.
  ///
  /// ```swift
  /// extension Container {
  ///   var session: AsyncThrowingFactory<Session> { self { try await Session.signIn() }.cached }
  /// }
  /// ```
  @inlinable
  @inline(__always)
  public func callAsFunction<T: Sendable>(
    key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping @Sendable () async throws -> T
  ) -> AsyncThrowingFactory<T> {
    AsyncThrowingFactory(self, key: key, function: function, builder)
  }

  /// Declares an async factory that this module needs and the app must register.
  @inlinable
  public func promised<T: Sendable>(
    key: StaticString = #function, function: StaticString = #function
  ) -> AsyncFactory<T> {
    AsyncFactory(promisedBy: self, key: key, function: function)
  }

  /// Declares a throwing async factory that this module needs and the app must register.
  @inlinable
  public func promised<T: Sendable>(
    key: StaticString = #function, function: StaticString = #function
  ) -> AsyncThrowingFactory<T> {
    AsyncThrowingFactory(promisedBy: self, key: key, function: function)
  }
}
