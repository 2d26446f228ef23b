public import Testing
public import Wiring

/// Gives each test its own fresh container and its own singletons.
///
/// Attach it with `.container` and its siblings rather than by name. Every test
/// case (each argument of a parameterized test too) runs with a fresh `C` as `C.shared`, fresh
/// singleton storage, and the overrides applied before its body. On a suite, it applies to each
/// test in the suite, not once for the suite.
///
/// ```swift
/// @Test(.container { $0.api.register { FakeAPI() } })
/// func showsTheFakeProfile() { … }
/// ```
public struct ContainerTrait<C: SharedContainer>: TestTrait, SuiteTrait, TestScoping {
  let shared: TaskLocal<C>
  let makeContainer: @Sendable () -> C
  let strict: Bool
  let fakesOnly: Bool
  let leaks: LeakCheck
  let overrides: @Sendable (C) async throws -> Void

  /// A trait that binds a fresh container to `shared` for each test, spelled as in Factory.
  ///
  /// For a container that is not an `IsolatableContainer`:
  ///
  /// ```swift
  /// extension Trait where Self == ContainerTrait<NetworkContainer> {
  ///   static var network: Self { .init(shared: NetworkContainer.$shared, container: .init()) }
  /// }
  ///
  /// @Test(.network) func retriesOnce() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - shared: The task-local behind the container's `shared`: `NetworkContainer.$shared`.
  ///   - container: Makes the fresh container each test starts with.
  public init(shared: TaskLocal<C>, container: @autoclosure @escaping @Sendable () -> C) {
    self.init(
      shared: shared, container: container, strict: false, fakesOnly: false, leaks: .off
    ) { _ in }
  }

  init(
    shared: TaskLocal<C>, container: @escaping @Sendable () -> C, strict: Bool, fakesOnly: Bool,
    leaks: LeakCheck, overrides: @escaping @Sendable (C) async throws -> Void
  ) {
    self.shared = shared
    makeContainer = container
    self.strict = strict
    self.fakesOnly = fakesOnly
    self.leaks = leaks
    self.overrides = overrides
  }

  /// This trait with `overrides` applied to each test's container before the test's body,
  /// after any overrides it already had.
  ///
  /// ```swift
  /// @Test(.network { $0.session { StubSession() } })
  /// func retriesOnce() { … }
  /// ```
  public func callAsFunction(
    transform overrides: @escaping @Sendable (C) async throws -> Void
  ) -> Self {
    let earlier = self.overrides
    return ContainerTrait(
      shared: shared, container: makeContainer, strict: strict, fakesOnly: fakesOnly,
      leaks: leaks
    ) { container in
      try await earlier(container)
      try await overrides(container)
    }
  }

  /// Applies to every test in a suite and in its nested suites.
  public var isRecursive: Bool { true }

  /// Scopes each test case, never the suite as a whole.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs `function` with a fresh `C`, fresh singletons and the overrides applied; then, with a
  /// leak check, records an issue for each group of instances that outlived it.
  ///
  /// A test in a process that holds two copies of Wiring fails first: its registrations may go
  /// to one copy while the code under test resolves from the other.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if let copies = RuntimeCopies.report() {
      Issue.record("Wiring: \(copies)", sourceLocation: test.sourceLocation)
    }
    if strict { await StrictChecks.prepare(for: C.self) }
    let tracker = leaks.tracker()
    try await ContainerIsolation.run(
      makeContainer(), as: shared, test: .of(test, strict: strict, fakesOnly: fakesOnly),
      leaks: tracker
    ) { container in
      try await overrides(container)
      try await function()
    }
    guard let tracker else { return }
    for report in await LeakReport.reports(of: tracker) {
      Issue.record("Wiring leak check: \(report)", sourceLocation: test.sourceLocation)
    }
  }
}

extension Trait where Self == ContainerTrait<Container> {
  /// A fresh `Container.shared` and fresh singletons for each test.
  ///
  /// ```swift
  /// @Suite(.container)
  /// struct ProfileTests {
  ///   @Test func loadsTheProfile() { Container.shared.api.register { FakeAPI() } … }
  /// }
  /// ```
  public static var container: Self { .container() }

  /// A fresh `Container.shared` and fresh singletons for each test, with `overrides` applied
  /// before the test's body runs.
  ///
  /// With `strict: true`, a resolution from the process-wide container while the test runs is
  /// recorded as an issue of the test; see the testing guide for what that covers. With
  /// `fakesOnly: true`, so is every declared builder that runs in the test, because no fake was
  /// registered for it, unless its declaration is marked `.safeInTests`. With `leaks: .fail`,
  /// so is every `.unique` or `.graph` instance the container built (and those of the scopes
  /// `.fail(alsoIn:)` names) that outlives the test.
  ///
  /// ```swift
  /// @Test(.container { $0.api.register { FakeAPI() } })
  /// func showsTheFakeProfile() { #expect(Container.shared.api() is FakeAPI) }
  /// ```
  public static func container(
    strict: Bool = false, fakesOnly: Bool = false, leaks: LeakCheck = .off,
    _ overrides: @escaping @Sendable (Container) async throws -> Void = { _ in }
  ) -> Self {
    ContainerTrait(
      shared: Container.$shared, container: { Container() }, strict: strict,
      fakesOnly: fakesOnly, leaks: leaks, overrides: overrides)
  }
}

extension Trait {
  /// A fresh `shared` instance of a custom container, and fresh singletons, for each test.
  ///
  /// The container must be an `IsolatableContainer`: its `shared` is `@TaskLocal`.
  ///
  /// ```swift
  /// @Test(.container(NetworkContainer.self) { $0.session.register { StubSession() } })
  /// func retriesOnce() { … }
  /// ```
  public static func container<C: IsolatableContainer>(
    _ type: C.Type, strict: Bool = false, fakesOnly: Bool = false, leaks: LeakCheck = .off,
    _ overrides: @escaping @Sendable (C) async throws -> Void = { _ in }
  ) -> Self where Self == ContainerTrait<C> {
    ContainerTrait(
      shared: C.sharedTaskLocal, container: { C() }, strict: strict, fakesOnly: fakesOnly,
      leaks: leaks, overrides: overrides)
  }
}
