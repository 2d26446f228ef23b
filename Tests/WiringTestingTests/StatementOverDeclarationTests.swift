import Testing
import Wiring
import WiringTesting

final class Mailer: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

extension Container {
  fileprivate var mailer: Factory<Mailer> {
    self { Mailer("live") }.cached.onTest { Mailer("declared fake") }
  }
  fileprivate var sessionMailer: Factory<Mailer> { self { Mailer("live") }.scope(.mailSession) }
  fileprivate var renewedMailer: Factory<Mailer> { self { Mailer("live") }.cached.timeToLive(60) }
  fileprivate var onceMailer: Factory<Mailer> {
    self { Mailer("live") }.cached.onTest { Mailer("declared fake") }.once()
  }
}

extension Scope {
  fileprivate static let mailSession = Scope.custom("mail session")
}

/// Where Factory would let a declaration take back a modifier a statement replaced ("the
/// Factory wins"), Wiring keeps the statement's and a strict test says so, once.
@Suite(.oneStrictCheckAtATime) struct StatementOverDeclarationTests {
  @Test(.container(strict: true))
  func aStatementReplacingADeclaredModifierIsReportedOnce() {
    withKnownIssue {
      Container.shared.mailer.onTest { Mailer("statement") }
      Container.shared.mailer.scope(.unique)
      #expect(Container.shared.mailer().name == "statement")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Wiring strict mode: a statement replaces the `onTest` that `Container.mailer` "
        + "declares; Wiring keeps the statement's, while Factory applies the declaration's again "
        + "at the next resolution unless the declaration ends with `.once()`: add `.once()` to "
        + "the declaration to say this is meant, or register a fake instead"
    }
  }

  @Test(.container(strict: true))
  func aDeclarationEndingWithOnceIsNotReported() {
    Container.shared.onceMailer.onTest { Mailer("statement") }
    Container.shared.onceMailer.scope(.unique)
    #expect(Container.shared.onceMailer().name == "statement")
  }

  @Test(.container(strict: true))
  func aTimeToLiveStatementOverADeclaredScopeIsNotReported() {
    // Factory keeps it too: the declaration sets no time to live to take back.
    Container.shared.sessionMailer.timeToLive(60)
    Container.shared.renewedMailer.scope(.cached)
    #expect(Container.shared.sessionMailer().name == "live")
    #expect(Container.shared.renewedMailer().name == "live")
  }

  @Test(.container(strict: true))
  func aStatementReplacingADeclaredTimeToLiveIsReported() {
    withKnownIssue {
      Container.shared.renewedMailer.timeToLive(5)
      #expect(Container.shared.renewedMailer().name == "live")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "a statement replaces the `timeToLive(60.0)` that `Container.renewedMailer` declares")
    }
  }

  @Test(.container(strict: true))
  func aStatementOfAnotherKindIsNotReported() {
    Container.shared.mailer.onPreview { Mailer("preview") }
    #expect(Container.shared.mailer().name == "declared fake")
  }
}
