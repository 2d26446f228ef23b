import Testing
import Wiring
import WiringTesting

#if canImport(XCTest)
import XCTest
#endif

// The snippets of "Asserting what a check reported" in Docs/Testing.md, and of "Async factories,
// and `verify` in async tests" in Docs/Diagnostics.md, as written there: change both together.

private protocol API: AnyObject, Sendable {}
private final class LiveAPI: API {}
private final class FakeAPI: API {}

private final class Session: Sendable {
  let api: any API
  init(api: any API) { self.api = api }
}

private final class Account: Sendable {
  let session: Session
  init(session: Session) { self.session = session }
}

/// A screen's model and its coordinator, which hold each other until the screen closes.
private final class ProfileCoordinator {
  var model: ProfileModel?
}

private final class ProfileModel {
  let coordinator: ProfileCoordinator
  init(coordinator: ProfileCoordinator) {
    self.coordinator = coordinator
    coordinator.model = self
  }
  func close() { coordinator.model = nil }
}

extension Container {
  fileprivate var api: Factory<any API> { self { LiveAPI() }.cached }
  fileprivate var session: Factory<Session> {
    self { Session(api: self.api()) }.cached.safeInTests
  }
  fileprivate var account: Factory<Account> {
    self { Account(session: self.session()) }.singleton
  }
  fileprivate var profileCoordinator: Factory<ProfileCoordinator> {
    self { ProfileCoordinator() }
  }
  fileprivate var profileModel: Factory<ProfileModel> {
    self { ProfileModel(coordinator: self.profileCoordinator()) }
  }
}

private final class Connection: Sendable {
  let name: String
  init(name: String) { self.name = name }
  static func open(_ name: String) async -> Connection {
    await Task.yield()
    return Connection(name: name)
  }
}

private struct Avatar: Sendable {
  let id: Int
}

private struct AvatarMissing: Error {
  let id: Int
}

private struct User: Sendable {
  let id: Int
}

@MainActor private final class EditorModel {}

extension Container {
  fileprivate var connection: AsyncFactory<Connection> {
    self { await Connection.open("main") }.singleton
  }
  fileprivate func avatar(_ id: Int) -> AsyncThrowingFactory<Avatar> {
    self {
      _ = await self.connection()
      guard id > 0 else { throw AvatarMissing(id: id) }
      return Avatar(id: id)
    }
  }
  fileprivate var user: ParameterFactory<Int, User> { self { User(id: $0) } }
  @MainActor fileprivate var editorModel: Factory<EditorModel> { self { EditorModel() } }
}

/// Each check's report asserted from Swift Testing, and its absence, as the testing guide shows.
@Suite(.oneStrictCheckAtATime) struct AssertingReportsTests {
  // MARK: Strict mode: captive dependencies

  @Test(.container(strict: true))
  func aStrictTestAssertsACaptiveWasReported() {
    withKnownIssue {
      _ = Container.shared.account()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Wiring strict mode: Container.account (singleton) captures Container.session (cached)")
    }
  }

  @Test(.container(strict: true))
  func aStrictTestPassesWhenNothingIsCaptive() {
    #expect(Container.shared.session().api === Container.shared.api())
  }

  // MARK: Strict mode: stale dependents

  @Test(.container(strict: true))
  func aStrictTestAssertsAStaleDependentWasReported() {
    _ = Container.shared.session()
    Container.shared.api.register { FakeAPI() }
    withKnownIssue {
      _ = Container.shared.session()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Wiring strict mode: the kept `Container.session` was built before `Container.api`")
    }
  }

  @Test(.container(strict: true))
  func aStrictTestPassesWhenTheFakeIsRegisteredFirst() {
    Container.shared.api.register { FakeAPI() }
    #expect(Container.shared.session().api is FakeAPI)
  }

  // MARK: Fakes only

  @Test(.container(fakesOnly: true))
  func aFakesOnlyTestAssertsAForgottenFakeWasReported() {
    withKnownIssue {
      _ = Container.shared.session()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Wiring fakes-only: `Container.api` ran its declared builder")
    }
  }

  @Test(.container(fakesOnly: true) { $0.api.register { FakeAPI() } })
  func aFakesOnlyTestPassesWhenTheFakeIsRegistered() {
    #expect(Container.shared.session().api is FakeAPI)
  }

  /// What the guide says the fakes-only report of these declarations reads, in full.
  @Test func theFakesOnlyHelperReturnsTheReportsWithoutTheWiringPrefix() {
    let live = withFakesOnlyCheck { _ = Container.shared.session() }
    #expect(
      live == [
        "fakes-only: `Container.api` ran its declared builder in fakes-only test "
          + "'withFakesOnlyCheck' (resolved as Container.session → Container.api): register a "
          + "fake for it in the test, or mark its declaration `.safeInTests` if building it in "
          + "any test is safe"
      ])
  }

  // MARK: Leak checks

  @Test func aLeakIsAssertedWithTheHelper() {
    let leaks = withLeakCheck { _ = Container.shared.profileModel() }
    #expect(leaks.map(\.root) == ["Container.profileModel"])
  }

  @Test(.container(leaks: .fail))
  func aLeakCheckedTestPassesWhenTheScreenIsFreed() {
    Container.shared.profileModel().close()
  }

  /// The report of the same leak, whose text the guide quotes.
  @Test func theLeakReportNamesBothInstancesInTheOrderTheyWereBuilt() {
    let leaks = withLeakCheck { _ = Container.shared.profileModel() }
    #expect(
      leaks.map(\.description) == [
        """
        2 instances built by Container.profileModel outlived the test:
          ProfileCoordinator (Container.profileModel → Container.profileCoordinator)
          ProfileModel (Container.profileModel)
        """
      ])
  }

  @Test func aLeakCheckedTraitRecordsItsIssueAfterTheBody() async throws {
    let trait: ContainerTrait<Container> = .container(leaks: .fail)
    let test = try #require(Test.current)
    try await withKnownIssue {
      // Inside the body, a `withKnownIssue` catches nothing: the issue comes after it.
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        withKnownIssue(isIntermittent: true) {
          _ = Container.shared.profileModel()
        }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "Wiring leak check: 2 instances built by Container.profileModel outlived the test:")
    }
  }

  // MARK: verify in async tests (Docs/Diagnostics.md)

  @Test func theAsyncGraphResolves() async {
    let report = await Container.shared.verify(
      .factory(\.connection),
      .resolving("user(42)") { _ = $0.user(42) },
      .resolvingAsync("avatar(42)") { _ = try await $0.avatar(42)() },
      .resolvingAsync("editorModel") { _ = await $0.editorModel.resolveOnMainActor() }
    )
    #expect(report.isClean, "\(report)")
  }

  @Test func anErrorThatAnAsyncCheckThrowsIsAFault() async {
    let report = await Container.shared.verify(
      .resolvingAsync("avatar(0)") { _ = try await $0.avatar(0)() })
    #expect(
      report.description == """
        Verified 1 factory: 1 fault.
          1. avatar(0) threw AvatarMissing(id: 0) [found by avatar(0)]
        """)
  }

  @Test func anAsyncTestAwaitsVerifyOrCallsItFromASynchronousClosure() async {
    let awaited = await Container.shared.verify(\.connection, \.user)
    let synchronous = { Container.shared.verify(\.connection, \.user) }()
    #expect(awaited.faults.map(\.kind) == [.unverifiable])  // user needs an argument
    #expect(synchronous.faults.map(\.kind) == [.unverifiable, .unverifiable])  // connection too
  }

  @Test func theSynchronousVerifyNamesTheAwaitedOneForAsyncWork() async {
    let report = {
      Container.shared.verify(
        .factory(\.connection), .factory(\.user),
        .resolvingAsync("avatar(42)") { _ = try await $0.avatar(42)() })
    }()
    #expect(
      report.faults.map(\.message) == [
        "Container.connection: an async factory; verify it with `await container.verify(…)`",
        "Container.user: ParameterFactory<Int, User> cannot be resolved without arguments; "
          + "use .resolving",
        "avatar(42): async; verify it with `await container.verify(…)`",
      ])
  }
}

#if canImport(XCTest)
/// The same checks asserted from XCTest, where the helpers return what they found.
final class AssertingReportsTestsInXCTest: XCTestCase {
  func testTheAccountCapturesItsSession() {
    let report = Container.shared.verify(\.account)
    XCTAssertEqual(report.faults.map(\.kind), [.captive])
    XCTAssertTrue(Container.shared.verify(\.session).isClean)
  }

  func testRegisteringTheAPILateLeavesTheSessionStale() {
    withIsolatedContainer {
      Container.shared.manager.tracksDependents = true
      _ = Container.shared.session()
      Container.shared.api.register { FakeAPI() }
      let stale = Container.shared.manager.dump().instances.filter {
        $0.detail.contains(", stale: ")
      }
      XCTAssertEqual(stale.map(\.key), ["Container.session"])  // [] had it registered first
    }
  }

  func testRegisteringTheAPIFirstLeavesNothingStale() {
    withIsolatedContainer {
      Container.shared.manager.tracksDependents = true
      Container.shared.api.register { FakeAPI() }
      _ = Container.shared.session()
      let stale = Container.shared.manager.dump().instances.filter {
        $0.detail.contains(", stale: ")
      }
      XCTAssertEqual(stale.map(\.key), [])
    }
  }

  func testAForgottenFakeIsReported() {
    let live = withFakesOnlyCheck { _ = Container.shared.session() }
    XCTAssertEqual(live.count, 1)
    XCTAssertTrue(
      live.first?.hasPrefix("fakes-only: `Container.api` ran its declared builder") ?? false)
  }

  func testARegisteredFakeIsNotReported() {
    let live = withFakesOnlyCheck {
      Container.shared.api.register { FakeAPI() }
      _ = Container.shared.session()
    }
    XCTAssertEqual(live, [])
  }

  func testAnOpenProfileIsReportedAsLeaked() {
    let leaks = withLeakCheck { _ = Container.shared.profileModel() }
    XCTAssertEqual(leaks.map(\.root), ["Container.profileModel"])
  }

  func testClosingTheProfileFreesIt() {
    let leaks = withLeakCheck { Container.shared.profileModel().close() }
    XCTAssertEqual(leaks, [])
  }
}
#endif
