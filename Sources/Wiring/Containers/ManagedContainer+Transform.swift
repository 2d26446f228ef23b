extension ManagedContainer {
  /// Runs `transform` with this container and returns it: registrations in one place.
  ///
  /// ```swift
  /// Container.shared {
  ///   $0.api.register { FakeAPIClient() }
  ///   $0.clock.register { TestClock() }
  /// }
  /// ```
  @discardableResult
  public func callAsFunction(_ transform: (Self) -> Void) -> Self {
    with(transform)
  }

  /// Runs an async `transform` with this container and returns it.
  @_disfavoredOverload
  @discardableResult
  public func callAsFunction(_ transform: @Sendable (Self) async -> Void) async -> Self {
    await with(transform)
  }

  /// Runs `transform` with this container and returns it, to configure a container where it is
  /// made: `let container = Container().with { $0.api.register { FakeAPIClient() } }`.
  @discardableResult
  public func with(_ transform: (Self) -> Void) -> Self {
    transform(self)
    return self
  }

  /// Runs an async `transform` with this container and returns it.
  @_disfavoredOverload
  @discardableResult
  public func with(_ transform: @Sendable (Self) async -> Void) async -> Self {
    await transform(self)
    return self
  }
}
