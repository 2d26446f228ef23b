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
  fileprivate var onceMailer: Factory<Mailer> {
    self { Mailer("live") }.cached.onTest { Mailer("declared fake") }.once()
  }
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
  func aStatementOfAnotherKindIsNotReported() {
    Container.shared.mailer.onPreview { Mailer("preview") }
    #expect(Container.shared.mailer().name == "declared fake")
  }
}
