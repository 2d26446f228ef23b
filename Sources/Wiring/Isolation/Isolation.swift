/// What an isolated test (or a carried ``ContainerScope``) changes for the code it runs:
/// its singleton store, the containers bound as `shared`, its `FactoryContext`, and the test it
/// belongs to.
///
/// It reaches resolutions through one task-local, read only where singletons are touched and,
/// while a strict test runs, by the strict check.
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
  /// the test's record (its strict checks).
  ///
  /// With a `leaks` tracker, the container reports to it every instance it builds; ask it what
  /// survived once this returns.
  package static func run<C: IsolatableContainer, R>(
    _ type: C.Type, test: IsolatedTest.Identity?, leaks: LeakTracker? = nil,
    _ body: (C) throws -> R
  ) rethrows -> R {
    try run(C(), as: C.sharedTaskLocal, test: test, leaks: leaks, body)
  }

  /// Runs `body` with `container`, a fresh container, as the value of `shared`, fresh singleton
  /// storage and, for a test, the test's record (its strict checks).
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

  /// Runs `body` with a fresh `C` as `C.shared`, fresh singleton storage and, for a test,
  /// the test's record (its strict checks).
  package static func run<C: IsolatableContainer, R>(
    _ type: C.Type, test: IsolatedTest.Identity?, leaks: LeakTracker? = nil,
    isolation actor: isolated (any Actor)? = #isolation, _ body: (C) async throws -> R
  ) async rethrows -> R {
    try await run(C(), as: C.sharedTaskLocal, test: test, leaks: leaks, body)
  }

  /// Runs `body` with `container`, a fresh container, as the value of `shared`, fresh singleton
  /// storage and, for a test, the test's record (its strict checks).
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

  /// The test the current task is isolated for, if any.
  package static var currentTest: IsolatedTest? { Isolation.current?.test }
}
