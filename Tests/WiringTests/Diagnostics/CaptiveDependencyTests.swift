import Testing

@testable import Wiring

final class Session: Sendable {}
final class Account: Sendable {
  let session: Session
  init(session: Session) { self.session = session }
}
final class Avatar: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}
final class Profile: Sendable {
  let avatar: Avatar
  init(avatar: Avatar) { self.avatar = avatar }
}

extension Container {
  fileprivate var session: Factory<Session> { self { Session() } }
  fileprivate var account: Factory<Account> {
    self { Account(session: self.session()) }.singleton
  }
  fileprivate var avatar: ParameterFactory<Int, Avatar> { self { Avatar(id: $0) } }
  fileprivate var profile: Factory<Profile> { self { Profile(avatar: self.avatar(42)) }.cached }
  fileprivate var screen: Factory<Profile> { self { self.profile() } }
  fileprivate var cachedSession: Factory<Session> { self { Session() }.cached }
  fileprivate var asyncAccount: AsyncFactory<Account> {
    self { Account(session: self.session()) }.singleton
  }
  fileprivate var sharedAccount: Factory<Account> {
    self { Account(session: self.cachedSession()) }.cached
  }
}

extension Scope {
  fileprivate static let session = Scope.custom("captive session")
  fileprivate static let request = Scope.custom("captive request")
}

/// `verify` finds a kept instance whose builder resolved a shorter-lived one.
@Suite struct CaptiveDependencyTests {
  @Test func aUniqueInstanceCapturedByASingletonIsReported() {
    let report = Container().verify(\.account)
    #expect(report.faults.map(\.kind) == [.captive])
    #expect(
      report.faults.map(\.description) == [
        "Container.account (singleton) captures Container.session (unique): its builder "
          + "resolved it, and keeping the one keeps the other past its lifetime; resolved as "
          + "Container.account → Container.session [found by Container.account]"
      ])
  }

  @Test func aPerArgumentInstanceCapturedByACachedOneIsReportedWithTheChainFromTheRoot() {
    let report = Container().verify(\.screen)
    #expect(
      report.faults.map(\.chain) == [
        ["Container.screen", "Container.profile", "Container.avatar(42)"]
      ])
    #expect(
      report.faults.first?.message
        == "Container.profile (cached) captures Container.avatar(42) (unique): its builder "
        + "resolved it, and keeping the one keeps the other past its lifetime; resolved as "
        + "Container.screen → Container.profile → Container.avatar(42)")
  }

  @Test func anAsyncFactoryIsCheckedWhenVerifiedWithAwait() async {
    let report = await Container().verify(\.asyncAccount, \.account)
    #expect(
      report.faults.map(\.chain) == [
        ["Container.asyncAccount", "Container.session"],
        ["Container.account", "Container.session"],
      ])
  }

  @Test func aKeptInstanceHoldingOneThatLivesAsLongIsClean() {
    #expect(Container().verify(\.sharedAccount).isClean)
  }

  @Test func aCaptiveIsFoundByTheCheckThatBuiltItsHolder() {
    // The sandbox keeps `profile` from the first check, so the second builds no holder.
    let report = Container().verify(\.profile, \.screen)
    #expect(report.faults.map(\.foundBy) == [["Container.profile"]])
  }

  @Test(arguments: [
    (Scope.singleton, Scope.unique, true), (.singleton, .graph, true), (.singleton, .cached, true),
    (.singleton, .session, true), (.singleton, .timeToLive(60), true),
    (.singleton, .singleton, false), (.singleton, .shared, false),
    (.cached, .unique, true), (.cached, .session, true), (.cached, .timeToLive(5), true),
    (.cached, .cached, false), (.cached, .singleton, false), (.cached, .shared, false),
    (.session, .request, true), (.session, .session, false),
    (.session, .cached, false), (.session, .timeToLive(1), true),
    (.timeToLive(60), .timeToLive(5), true), (.timeToLive(5), .timeToLive(60), true),
    (.expiring(after: 60), .timeToLive(5), true), (.expiring(after: 5), .timeToLive(60), false),
    (.timeToLive(60), .cached, false), (.timeToLive(60), .session, true),
    (.unique, .unique, false), (.graph, .unique, false), (.shared, .unique, false),
    // A time to live over another scope: both lives count.
    (.cached, Scope.singleton.living(.minute), true),
    (.expiring(after: 5), Scope.singleton.living(.minute), false),
    (Scope.singleton.living(.minute), .cached, true),
    (.expiring(after: 5), Scope.session.living(.minute), true),
    (Scope.session.living(.minute), .session, false),
  ])
  func theLifetimeOrderSaysWhichPairsAreCaptive(holder: Scope, held: Scope, captive: Bool) {
    #expect(holder.captures(held) == captive)
  }

  @Test(arguments: [
    (Scope.singleton.living(.minute), "singleton.timeToLive(60.0)"),
    (
      Scope.session.living(.init(seconds: 5, renewedOnUse: false)),
      "captive session.expiring(after: 5.0)"
    ),
    (Scope.cached.living(.minute), "timeToLive(60.0)"),
  ])
  func aScopeWithATimeToLiveIsNamedWithBothAsReportsPrintIt(scope: Scope, name: String) {
    #expect(scope.description == name)
  }
}

extension Scope.Lifetime {
  fileprivate static let minute = Scope.Lifetime(seconds: 60, renewedOnUse: true)
}
