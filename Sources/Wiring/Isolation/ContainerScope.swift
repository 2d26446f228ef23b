/// The containers the current task resolves from, captured as a value to re-enter elsewhere.
///
/// Task-locals follow child tasks and task groups, but not work that leaves the task tree:
/// `Task.detached`, `DispatchQueue.async`, a callback stored and run later. Such work resolves
/// from the process-wide containers. Capture the scope where the work is created and run the
/// work inside it:
///
/// ```swift
/// let scope = Container.capture()
/// DispatchQueue.global().async {
///   scope.run { Container.shared.analytics().flush() }
/// }
/// Task.detached {
///   await scope.run { await Container.shared.uploader().upload() }
/// }
/// ```
///
/// A scope holds `Container.shared`, every container an isolated test bound, and that test's
/// singleton storage. It is plain Wiring API: production code can use it too, and outside tests
/// it simply carries whatever `Container.$shared.withValue` bound.
public struct ContainerScope: Sendable {
  private let bindings: [any ContainerBinding]
  private let isolation: Isolation?

  init(bindings: [any ContainerBinding], isolation: Isolation?) {
    self.bindings = bindings
    self.isolation = isolation
  }

  /// Runs `body` with the captured containers as `shared`.
  ///
  /// ```swift
  /// DispatchQueue.global().async { scope.run { Container.shared.api().refresh() } }
  /// ```
  public func run<R>(_ body: () throws -> R) rethrows -> R {
    try enter(bindings[...], body)
  }

  /// Runs `body` with the captured containers as `shared`, in an asynchronous context.
  ///
  /// ```swift
  /// Task.detached { await scope.run { await Container.shared.api().refresh() } }
  /// ```
  public func run<R>(
    isolation actor: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await enter(bindings[...], actor, body)
  }

  private func enter<R>(_ rest: ArraySlice<any ContainerBinding>, _ body: () throws -> R)
    rethrows -> R
  {
    guard let first = rest.first else {
      return try Isolation.$current.withValue(isolation, operation: body)
    }
    return try first.bind { try enter(rest.dropFirst(), body) }
  }

  private func enter<R>(
    _ rest: ArraySlice<any ContainerBinding>, _ actor: isolated (any Actor)?,
    _ body: () async throws -> R
  ) async rethrows -> R {
    guard let first = rest.first else {
      return try await Isolation.$current.withValue(isolation, operation: body, isolation: actor)
    }
    return try await first.bind(isolation: actor) { try await enter(rest.dropFirst(), actor, body) }
  }
}

extension IsolatableContainer {
  /// Captures the containers this task resolves from, to re-enter them in work that leaves the
  /// task tree.
  ///
  /// The scope holds `Container.shared`, this type's `shared`, and whatever an isolated test
  /// bound. See ``ContainerScope``.
  ///
  /// ```swift
  /// let scope = Container.capture()
  /// Task.detached { await scope.run { await Container.shared.sync().run() } }
  /// ```
  public static func capture() -> ContainerScope {
    let isolation = Isolation.current
    let bindings = (isolation?.bindings ?? [])
      .replacing(with: TaskLocalBinding(container: Container.shared, shared: Container.$shared))
      .replacing(with: TaskLocalBinding(container: shared, shared: sharedTaskLocal))
    return ContainerScope(bindings: bindings, isolation: isolation)
  }
}
