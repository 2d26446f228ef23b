#if canImport(SwiftUI)
public import SwiftUI
#endif

extension FactoryModifying {
  #if canImport(SwiftUI)
  /// Registers `builder`, as ``register(factory:)`` does, spelled as a call.
  ///
  /// Handy where many overrides are set at once, in a test or a preview:
  ///
  /// ```swift
  /// #Preview {
  ///   Container.shared.api { FakeAPIClient() }
  ///   ProfileView()
  /// }
  /// ```
  ///
  /// - Parameter builder: How to build a value from now on.
  /// - Returns: An `EmptyView`, as in Factory, so that a view builder takes the call as a
  ///   statement.
  @inlinable
  @discardableResult
  public func callAsFunction(factory builder: Builder) -> EmptyView {
    register(factory: builder)
    return EmptyView()
  }
  #else
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
  /// Where SwiftUI exists it returns an `EmptyView`, so that a `#Preview` body accepts it.
  ///
  /// - Parameter builder: How to build a value from now on.
  @inlinable
  public func callAsFunction(factory builder: Builder) {
    register(factory: builder)
  }
  #endif
}
