internal import Wiring

/// Runs `body` with a fresh `Container.shared` and fresh singletons, and returns what the
/// container built that outlived it; for XCTest and scripts.
///
/// ```swift
/// func testClosingTheProfileFreesItsScreen() {
///   let leaks = withLeakCheck {
///     let model = Container.shared.profileModel()
///     model.close()
///   }
///   XCTAssertTrue(leaks.isEmpty, leaks.map(\.description).joined(separator: "\n"))
/// }
/// ```
///
/// Swift Testing users write `.container(leaks: .fail)` instead.
public func withLeakCheck(
  _ check: LeakCheck = .fail, _ body: () throws -> Void
) rethrows -> [LeakReport] {
  let tracker = check.tracker()
  try ContainerIsolation.run(Container.self, test: nil, leaks: tracker) { _ in try body() }
  guard let tracker else { return [] }
  return LeakReport.reports(of: tracker)
}

/// Runs asynchronous `body` with a fresh `Container.shared` and fresh singletons, and returns
/// what the container built that outlived it.
public func withLeakCheck(
  _ check: LeakCheck = .fail, isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [LeakReport] {
  let tracker = check.tracker()
  try await ContainerIsolation.run(
    Container.self, test: nil, leaks: tracker, isolation: isolation
  ) { _ in try await body() }
  guard let tracker else { return [] }
  return await LeakReport.reports(of: tracker)
}
