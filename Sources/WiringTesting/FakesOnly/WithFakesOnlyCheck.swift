internal import Wiring

/// Runs `body` with a fresh `Container.shared` and fresh singletons, and returns a report for
/// each declared builder that ran in it; for XCTest and scripts.
///
/// A declared builder runs when the test registered no fake for its factory and no context's
/// builder held; declarations marked `.safeInTests` are left out. The builder still runs, as it
/// would in the app: the reports are what fails the test.
///
/// ```swift
/// func testShowsTheProfile() {
///   let live = withFakesOnlyCheck {
///     Container.shared.api.register { FakeAPI() }
///     _ = Container.shared.profileModel()
///   }
///   XCTAssertEqual(live, [])
/// }
/// ```
///
/// Swift Testing users write `.container(fakesOnly: true)` instead.
public func withFakesOnlyCheck(_ body: () throws -> Void) rethrows -> [String] {
  let log = ReportLog()
  try ContainerIsolation.run(
    Container.self, test: log.identity(name: "withFakesOnlyCheck", fakesOnly: true)
  ) { _ in try body() }
  return log.all
}

/// Runs asynchronous `body` with a fresh `Container.shared` and fresh singletons, and returns a
/// report for each declared builder that ran in it.
public func withFakesOnlyCheck(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [String] {
  let log = ReportLog()
  try await ContainerIsolation.run(
    Container.self, test: log.identity(name: "withFakesOnlyCheck", fakesOnly: true),
    isolation: isolation
  ) { _ in try await body() }
  return log.all
}
