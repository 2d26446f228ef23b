#if canImport(SwiftUI)
public import SwiftUI
#endif

/// A container: any class that owns a ``ContainerManager`` and declares factories in extensions.
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton }
/// }
/// ```
public protocol ManagedContainer: AnyObject, Sendable {
  /// The storage for this container's registrations and kept instances.
  var manager: ContainerManager { get }
}

/// A container with a default instance, which property wrappers resolve from.
///
/// Declare your own to group a module's factories:
///
/// ```swift
/// public final class NetworkContainer: SharedContainer {
///   @TaskLocal public static var shared = NetworkContainer()
///   public let manager = ContainerManager()
///   public init() {}
/// }
///
/// final class Model {
///   @Injected(\NetworkContainer.session) var session
/// }
/// ```
public protocol SharedContainer: ManagedContainer {
  /// The instance that `@Injected` and its siblings resolve from.
  static var shared: Self { get }
}

/// A container that registers implementations once, before its first resolution.
///
/// Wiring calls ``autoRegister()`` once per container, before the first resolution or
/// registration, and again after a reset that drops registrations.
///
/// ```swift
/// extension Container: @retroactive AutoRegistering {
///   public func autoRegister() {
///     store.register { SQLiteStore() }
///   }
/// }
/// ```
public protocol AutoRegistering {
  /// Registers what this container's promised factories need.
  func autoRegister()
}

extension ManagedContainer {
  #if canImport(SwiftUI)
  /// Runs `transform` with this container: registrations in one place, in a preview or a test.
  ///
  /// ```swift
  /// #Preview {
  ///   Container.shared {
  ///     $0.api { FakeAPIClient() }
  ///     $0.clock { TestClock() }
  ///   }
  ///   ProfileView()
  /// }
  /// ```
  ///
  /// Where SwiftUI exists it returns an `EmptyView`, as in Factory, so that a view builder takes
  /// the call as a statement. `with(_:)` returns the container on every platform.
  @discardableResult
  public func callAsFunction(_ transform: (Self) -> Void) -> EmptyView {
    with(transform)
    return EmptyView()
  }
  #else
  /// Runs `transform` with this container and returns it: registrations in one place.
  ///
  /// ```swift
  /// Container.shared {
  ///   $0.api.register { FakeAPIClient() }
  ///   $0.clock.register { TestClock() }
  /// }
  /// ```
  ///
  /// Where SwiftUI exists it returns an `EmptyView` instead, so that a `#Preview` body can
  /// register its fakes this way before it makes the view.
  @discardableResult
  public func callAsFunction(_ transform: (Self) -> Void) -> Self {
    with(transform)
  }
  #endif

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

extension ManagedContainer {
  /// Calls `decorator` with every value this container's factories resolve, built or kept;
  /// nil removes it.
  ///
  /// ```swift
  /// Container.shared.decorator { print("resolved \(type(of: $0))") }
  /// ```
  ///
  /// It runs on the resolving thread, for every factory with no decorator of its own (nor on its
  /// override): a factory's own decorator replaces it, as in Factory. While one is set, the
  /// container resolves under its lock, as while it is traced, so that kept instances are seen
  /// too; `reset()` removes it. Asynchronous factories do not call it.
  public func decorator(_ decorator: (@Sendable (Any) -> Void)?) {
    manager.observation.setDecorator(decorator)
    manager.observationChanged()
  }
}
