/// What an isolated test (or a carried ``CapturedContainers``) changes for the code it runs:
/// its singleton store, the containers bound as `shared`, its `FactoryContext`, and the test it
/// belongs to.
///
/// It reaches resolutions through one task-local, read only where singletons or
/// `FactoryContext` are consulted and, while a strict or fakes-only test runs, by its checks.
package final class Isolation: Sendable {
  @TaskLocal static var current: Isolation?

  let singletons: SingletonStore
  let bindings: [any ContainerBinding]
  /// The `FactoryContext.current` of the code it runs, which starts as a copy of the context
  /// outside; changes to it stay inside.
  let context: ContextStore
  /// The test this isolation was made for; nil for one made outside tests.
  package let test: IsolatedTest?

  init(
    singletons: SingletonStore, bindings: [any ContainerBinding],
    context: ContextStore, test: IsolatedTest?
  ) {
    Singletons.noteIsolation()
    self.singletons = singletons
    self.bindings = bindings
    self.context = context
    self.test = test
  }

  /// The isolation a new fresh `container` runs in: the current one extended when it belongs to
  /// the same test (two traits on one test share singletons), otherwise a new one.
  static func entering<C: SharedContainer>(
    _ container: C, as shared: TaskLocal<C>, test: IsolatedTest.Identity?
  ) -> (isolation: Isolation, ownsTest: Bool) {
    let binding = TaskLocalBinding(container: container, shared: shared)
    if let outer = current, let test, let outerTest = outer.test, outerTest.id == test.id {
      outerTest.addChecks(of: test)
      let isolation = Isolation(
        singletons: outer.singletons, bindings: outer.bindings.replacing(with: binding),
        context: outer.context, test: outerTest)
      return (isolation, false)
    }
    let isolation = Isolation(
      singletons: SingletonStore(), bindings: [binding],
      context: ContextStore(FactoryContext.current), test: test.map(IsolatedTest.init))
    return (isolation, true)
  }
}

/// Runs code with fresh containers and fresh singletons; the core of `WiringTesting`.
package enum ContainerIsolation {
  /// Runs `body` with a fresh `C` as `C.shared`, fresh singleton storage and, for a test,
  /// the test's record (its strict and fakes-only checks).
  ///
  /// With a `leaks` tracker, the container reports to it every instance it builds; ask it what
  /// survived once this returns.
  package static func run<C: IsolatableContainer, R>(
    _ type: C.Type, test: IsolatedTest.Identity?, leaks: LeakTracker? = nil,
    _ body: (C) throws -> R
  ) rethrows -> R {
    try run(C(), as: C.sharedTaskLocal, test: test, leaks: leaks, body)
  }

  /// Runs `body` with `container`, a fresh container, as the value of `shared`; otherwise as
  /// `run(_:test:leaks:_:)`.
  package static func run<C: SharedContainer, R>(
    _ container: C, as shared: TaskLocal<C>, test: IsolatedTest.Identity?,
    leaks: LeakTracker? = nil, _ body: (C) throws -> R
  ) rethrows -> R {
    let (isolation, record) = begin(container, as: shared, test: test, leaks: leaks)
    defer { end(container, record) }
    return try shared.withValue(container) {
      try Isolation.$current.withValue(isolation) { try body(container) }
    }
  }

  /// What both `run`s do first: leak tracking, the isolation, and the start of the test's
  /// strict checks when this isolation owns the test.
  private static func begin<C: SharedContainer>(
    _ container: C, as shared: TaskLocal<C>, test: IsolatedTest.Identity?, leaks: LeakTracker?
  ) -> (Isolation, IsolatedTest?) {
    if let leaks { container.manager.trackLeaks(with: leaks) }
    // A strict test reports kept instances that outlive a change to what they were built from.
    if test?.strict == true { container.manager.tracksDependents = true }
    let (isolation, ownsTest) = Isolation.entering(container, as: shared, test: test)
    let record = ownsTest ? isolation.test : nil
    record.map(StrictMonitor.begin)
    return (isolation, record)
  }

  /// What both `run`s do last: the end of the strict checks, then the container's release.
  ///
  /// The container lives as long as the test: what it holds goes with it, so that an override
  /// or an instance that captured the container does not keep it, and all it built, alive.
  private static func end<C: SharedContainer>(_ container: C, _ record: IsolatedTest?) {
    record.map(StrictMonitor.end)
    container.manager.releaseEverything()
  }

  /// Runs async `body` as `run(_:test:leaks:_:)` runs a synchronous one.
  package static func run<C: IsolatableContainer, R>(
    _ type: C.Type, test: IsolatedTest.Identity?, leaks: LeakTracker? = nil,
    isolation actor: isolated (any Actor)? = #isolation, _ body: (C) async throws -> R
  ) async rethrows -> R {
    try await run(C(), as: C.sharedTaskLocal, test: test, leaks: leaks, body)
  }

  /// Runs async `body` as `run(_:as:test:leaks:_:)` runs a synchronous one.
  package static func run<C: SharedContainer, R>(
    _ container: C, as shared: TaskLocal<C>, test: IsolatedTest.Identity?,
    leaks: LeakTracker? = nil, isolation actor: isolated (any Actor)? = #isolation,
    _ body: (C) async throws -> R
  ) async rethrows -> R {
    let (isolation, record) = begin(container, as: shared, test: test, leaks: leaks)
    defer { end(container, record) }
    return try await shared.withValue(
      container,
      operation: {
        try await Isolation.$current.withValue(
          isolation, operation: { try await body(container) }, isolation: actor)
      },
      isolation: actor)
  }
}

/// A shared container whose `shared` instance is task-local, so that tests can isolate it.
///
/// Declare `shared` with `@TaskLocal` and hand Wiring its projection; the `WiringTesting` traits
/// and helpers then give each test a fresh instance, and ``CapturedContainers`` carries it into
/// work that leaves the task tree. ``Container`` already is one.
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

/// The containers the current task resolves from, captured as a value to re-enter elsewhere.
///
/// Task-locals follow child tasks and task groups, but not work that leaves the task tree:
/// `Task.detached`, `DispatchQueue.async`, a callback stored and run later. Such work resolves
/// from the process-wide containers. Capture them where the work is created and run the
/// work inside it:
///
/// ```swift
/// let captured = Container.capture()
/// DispatchQueue.global().async {
///   captured.run { Container.shared.analytics().flush() }
/// }
/// Task.detached {
///   await captured.run { await Container.shared.uploader().upload() }
/// }
/// ```
///
/// It holds `Container.shared`, the capturing type's `shared`, every container an isolated test
/// bound, and that test's singleton storage and `FactoryContext`. It is plain Wiring API:
/// production code can use it too, and outside tests it carries whatever `$shared.withValue`
/// bound.
public struct CapturedContainers: Sendable {
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
  /// See ``CapturedContainers`` for what it holds.
  ///
  /// ```swift
  /// let scope = Container.capture()
  /// Task.detached { await scope.run { await Container.shared.sync().run() } }
  /// ```
  public static func capture() -> CapturedContainers {
    let isolation = Isolation.current
    let bindings = (isolation?.bindings ?? [])
      .replacing(with: TaskLocalBinding(container: Container.shared, shared: Container.$shared))
      .replacing(with: TaskLocalBinding(container: shared, shared: sharedTaskLocal))
    return CapturedContainers(bindings: bindings, isolation: isolation)
  }
}
