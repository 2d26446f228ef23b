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
/// registration, and again after the container is reset.
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
