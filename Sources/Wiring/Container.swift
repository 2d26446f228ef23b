/// The default container, where apps declare their factories.
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton }
///   var session: Factory<Session> { self { Session(api: self.api()) }.cached }
/// }
///
/// let api = Container.shared.api()
/// ```
///
/// `shared` is task-local: code running inside `Container.$shared.withValue(Container()) { … }`
/// sees that container, which is how tests isolate themselves from each other.
public final class Container: SharedContainer {
  /// The container property wrappers and app code resolve from.
  @TaskLocal public static var shared = Container()

  /// This container's registrations and kept instances.
  public let manager = ContainerManager()

  /// Makes an empty, independent container: no registrations, nothing cached.
  public init() {}
}
