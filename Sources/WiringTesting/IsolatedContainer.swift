public import Wiring

/// Runs `body` with a fresh `Container.shared` and fresh singletons; for XCTest and scripts.
///
/// Swift Testing users attach the `.container` trait instead. In XCTest, wrap a test's body:
///
/// ```swift
/// func testShowsTheFakeProfile() {
///   withIsolatedContainer {
///     Container.shared.api.register { FakeAPI() }
///     XCTAssertEqual(ProfileModel().name, "Fake")
///   }
/// }
/// ```
public func withIsolatedContainer<R>(_ body: () throws -> R) rethrows -> R {
  try ContainerIsolation.run(Container.self, test: nil) { _ in try body() }
}

/// Runs asynchronous `body` with a fresh `Container.shared` and fresh singletons.
///
/// ```swift
/// func testLoadsTheProfile() async {
///   await withIsolatedContainer {
///     Container.shared.api.register { FakeAPI() }
///     let name = await ProfileModel().load()
///     XCTAssertEqual(name, "Fake")
///   }
/// }
/// ```
public func withIsolatedContainer<R>(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
) async rethrows -> R {
  try await ContainerIsolation.run(Container.self, test: nil, isolation: isolation) { _ in
    try await body()
  }
}

/// Runs `body` with a fresh `shared` instance of a custom container, passed to `body`, and
/// fresh singletons.
///
/// ```swift
/// withIsolatedContainer(NetworkContainer.self) { network in
///   network.session.register { StubSession() }
/// }
/// ```
public func withIsolatedContainer<C: IsolatableContainer, R>(
  _ type: C.Type, _ body: (C) throws -> R
) rethrows -> R {
  try ContainerIsolation.run(type, test: nil, body)
}

/// Runs asynchronous `body` with a fresh `shared` instance of a custom container, passed to
/// `body`, and fresh singletons.
public func withIsolatedContainer<C: IsolatableContainer, R>(
  _ type: C.Type, isolation: isolated (any Actor)? = #isolation, _ body: (C) async throws -> R
) async rethrows -> R {
  try await ContainerIsolation.run(type, test: nil, isolation: isolation, body)
}
