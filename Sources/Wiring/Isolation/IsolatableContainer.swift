/// A shared container whose `shared` instance is task-local, so that tests can isolate it.
///
/// Declare `shared` with `@TaskLocal` and hand Wiring its projection; the `WiringTesting` traits
/// and helpers then give each test a fresh instance, and ``ContainerScope`` carries it into work
/// that leaves the task tree. ``Container`` already is one.
///
/// ```swift
/// public final class NetworkContainer: IsolatableContainer {
///   @TaskLocal public static var shared = NetworkContainer()
///   public static var sharedTaskLocal: TaskLocal<NetworkContainer> { $shared }
///   public let manager = ContainerManager()
///   public init() {}
/// }
/// ```
public protocol IsolatableContainer: SharedContainer {
  /// The task-local that holds ``SharedContainer/shared``: always `$shared`.
  static var sharedTaskLocal: TaskLocal<Self> { get }

  /// Makes an empty, independent container, as an isolated test starts with.
  init()
}

extension Container: IsolatableContainer {
  /// The task-local that holds ``shared``.
  public static var sharedTaskLocal: TaskLocal<Container> { $shared }
}

/// Binds one container as its type's `shared` while a body runs.
protocol ContainerBinding: Sendable {
  /// The bound container's type, so that a later binding of the same type replaces this one.
  var containerType: ObjectIdentifier { get }

  func bind<R>(_ body: () throws -> R) rethrows -> R

  func bind<R>(
    isolation: isolated (any Actor)?, _ body: () async throws -> R
  ) async rethrows -> R
}

/// The binding of a shared container through the task-local that holds its `shared`.
struct TaskLocalBinding<C: SharedContainer>: ContainerBinding {
  let container: C
  /// `C.$shared`.
  let shared: TaskLocal<C>

  var containerType: ObjectIdentifier { ObjectIdentifier(C.self) }

  func bind<R>(_ body: () throws -> R) rethrows -> R {
    try shared.withValue(container, operation: body)
  }

  func bind<R>(
    isolation: isolated (any Actor)?, _ body: () async throws -> R
  ) async rethrows -> R {
    try await shared.withValue(container, operation: body, isolation: isolation)
  }
}

extension [any ContainerBinding] {
  /// These bindings with `binding` added, replacing one of the same container type.
  func replacing(with binding: any ContainerBinding) -> Self {
    filter { $0.containerType != binding.containerType } + [binding]
  }
}
