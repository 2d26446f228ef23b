import Testing
import Wiring
import WiringTesting

/// What a live dependency stands for in these tests: a network client nobody faked.
final class LiveClient: Sendable {}
final class FakeClient: Sendable {}
final class Screen: Sendable {
  let client: LiveClient
  init(client: LiveClient) { self.client = client }
}

extension Container {
  fileprivate var liveClient: Factory<LiveClient> { self { LiveClient() } }
  fileprivate var cachedLiveClient: Factory<LiveClient> { self { LiveClient() }.cached }
  fileprivate var screen: Factory<Screen> { self { Screen(client: self.liveClient()) }.safeInTests }
  fileprivate var testedClient: Factory<LiveClient> {
    self { LiveClient() }.onTest { LiveClient() }
  }
  fileprivate var formatter: Factory<String> { self { "formatted" }.cached.safeInTests }
  fileprivate var asyncClient: AsyncFactory<LiveClient> { self { LiveClient() } }
  fileprivate var asyncFormatter: AsyncFactory<String> { self { "formatted" }.safeInTests }
}

/// A test that forgets to register a fake is told which factory built live, and through what.
@Suite struct FakesOnlyTests {
  static func report(_ key: String, in test: String, chain: String) -> String {
    "fakes-only: `Container.\(key)` ran its declared builder in fakes-only test '\(test)' "
      + "(resolved as \(chain)): register a fake for it in the test, or mark its declaration "
      + "`.safeInTests` if building it in any test is safe"
  }

  @Test func aForgottenFakeIsReportedWithTheChainThatResolvedIt() {
    let reports = withFakesOnlyCheck { _ = Container.shared.screen() }
    #expect(
      reports == [
        Self.report(
          "liveClient", in: "withFakesOnlyCheck", chain: "Container.screen → Container.liveClient")
      ])
  }

  @Test func aFactoryIsReportedOnceHoweverOftenItBuilds() {
    let reports = withFakesOnlyCheck {
      for _ in 0..<3 { _ = Container.shared.liveClient() }
      _ = Container.shared.cachedLiveClient()
      _ = Container.shared.cachedLiveClient()
    }
    #expect(
      reports == [
        Self.report("liveClient", in: "withFakesOnlyCheck", chain: "Container.liveClient"),
        Self.report(
          "cachedLiveClient", in: "withFakesOnlyCheck", chain: "Container.cachedLiveClient"),
      ])
  }

  @Test func aRegisteredFakeIsNotReported() {
    let reports = withFakesOnlyCheck {
      Container.shared.liveClient.register { LiveClient() }
      _ = Container.shared.screen()
    }
    #expect(reports == [])
  }

  @Test func aContextBuilderThatHoldsIsNotReported() {
    let reports = withFakesOnlyCheck { _ = Container.shared.testedClient() }
    #expect(reports == [])
  }

  @Test func aDeclarationMarkedSafeInTestsIsNotReported() {
    let reports = withFakesOnlyCheck { _ = Container.shared.formatter() }
    #expect(reports == [])
  }

  @Test func anAsyncFactoryIsCheckedToo() async {
    let reports = await withFakesOnlyCheck { _ = await Container.shared.asyncClient() }
    #expect(
      reports == [
        Self.report("asyncClient", in: "withFakesOnlyCheck", chain: "Container.asyncClient")
      ])
  }

  @Test func anAsyncDeclarationMarkedSafeInTestsIsNotReported() async {
    let reports = await withFakesOnlyCheck { _ = await Container.shared.asyncFormatter() }
    #expect(reports == [])
  }

  @Test func withoutTheCheckNothingIsReported() {
    let reports = withFakesOnlyCheck {}
    _ = Container.shared.liveClient()
    #expect(reports == [])
  }

  @Test(.container(fakesOnly: true))
  func theTraitRecordsAForgottenFakeAsAnIssueOfTheTest() {
    withKnownIssue {
      _ = Container.shared.screen()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Wiring "
        + Self.report(
          "liveClient", in: "theTraitRecordsAForgottenFakeAsAnIssueOfTheTest()",
          chain: "Container.screen → Container.liveClient")
    }
  }

  @Test(.container(fakesOnly: true) { $0.liveClient.register { LiveClient() } })
  func theTraitAcceptsTheFakesItsOverridesRegister() {
    #expect(Container.shared.screen().client !== Container.shared.screen().client)
  }

  /// `verify` builds declarations in a sandbox on purpose, and reports what it finds itself; the
  /// check does not report its builds as forgotten fakes.
  @Test func verifyingInAFakesOnlyTestReportsNothingToTheTest() async {
    let reports = withFakesOnlyCheck {
      let report = Container.shared.verify(\.screen, \.asyncClient)
      #expect(report.checked == ["Container.screen", "Container.asyncClient"])
    }
    let asyncReports = await withFakesOnlyCheck {
      let report = await Container.shared.verify(\.screen, \.asyncClient)
      #expect(report.checked == ["Container.screen", "Container.asyncClient"])
    }
    #expect(reports == [])
    #expect(asyncReports == [])
  }
}
