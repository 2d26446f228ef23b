#if canImport(SwiftUI)
public import SwiftUI

extension FactoryModifying {
  /// Registers `builder` for a preview: `register(factory:)` as a statement of a view builder.
  ///
  /// ```swift
  /// #Preview {
  ///   Container.shared.api.preview { FakeAPIClient() }
  ///   ProfileView()
  /// }
  /// ```
  ///
  /// The registration is made on the container itself, which outlives the preview: see the
  /// SwiftUI section of the getting-started guide for giving each preview its own state.
  ///
  /// - Parameter builder: How to build a value from now on.
  /// - Returns: An `EmptyView`, so that a view builder takes the call as a statement.
  @discardableResult
  public func preview(factory builder: Builder) -> EmptyView {
    register(factory: builder)
    return EmptyView()
  }
}

extension SharedContainer {
  /// Runs `transform` with this container in a view builder; spelled as in Factory, which
  /// deprecates it too.
  @available(*, deprecated, message: "write Container.shared { … } instead")
  @discardableResult
  public func preview(_ transform: (Self) -> Void) -> EmptyView {
    with(transform)
    return EmptyView()
  }

  /// Runs `transform` with the shared container in a view builder; spelled as in Factory, which
  /// deprecates it too.
  @available(*, deprecated, message: "write Container.shared { … } instead")
  @discardableResult
  public static func preview(_ transform: (Self) -> Void) -> EmptyView {
    shared.with(transform)
    return EmptyView()
  }
}
#endif
