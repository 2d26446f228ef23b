extension FactoryModifying {
  /// Registers `builder`, as ``register(factory:)`` does, spelled as a call.
  ///
  /// Handy where many overrides are set at once, in a test or a preview:
  ///
  /// ```swift
  /// Container.shared.api { FakeAPIClient() }
  ///
  /// @Test(.container { $0.api { FakeAPIClient() } })
  /// func showsTheProfile() { … }
  /// ```
  ///
  /// - Parameter builder: How to build a value from now on.
  @inlinable
  public func callAsFunction(factory builder: Builder) {
    register(factory: builder)
  }
}
