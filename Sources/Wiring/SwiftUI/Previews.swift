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
  /// - Parameters:
  ///   - builder: How to build a value from now on.
  ///   - fileID: Where the call is written; leave the defaults.
  ///   - filePath: Where the call is written.
  ///   - line: Where the call is written.
  ///   - column: Where the call is written.
  /// - Returns: An `EmptyView`, so that a view builder takes the call as a statement.
  @discardableResult
  public func preview(
    factory builder: Builder, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: Int = #line, column: Int = #column
  ) -> EmptyView {
    register(factory: builder, fileID: fileID, filePath: filePath, line: line, column: column)
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
