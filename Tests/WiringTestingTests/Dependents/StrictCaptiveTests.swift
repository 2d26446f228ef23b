import Testing
import Wiring
import WiringTesting

final class Token: Sendable {}
final class Vault: Sendable {
  let token: Token
  init(token: Token) { self.token = token }
}

extension Container {
  fileprivate var token: Factory<Token> { self { Token() } }
  fileprivate var vault: Factory<Vault> { self { Vault(token: self.token()) }.singleton }
  fileprivate var cachedToken: Factory<Token> { self { Token() }.cached }
  fileprivate var cachedVault: Factory<Vault> { self { Vault(token: self.cachedToken()) }.cached }
  fileprivate var tokenFor: ParameterFactory<Int, Token> { self { _ in Token() } }
  fileprivate var vaultFor: ParameterFactory<Int, Vault> {
    self { Vault(token: self.tokenFor($0)) }.cached.scopeOnParameters
  }
}

/// A strict test reports a kept instance that captures a shorter-lived one while it is built.
@Suite struct StrictCaptiveTests {
  static let captiveWithArguments = [
    "Wiring strict mode: Container.vaultFor(42) (cached) captures Container.tokenFor(42) ",
    "(unique): its builder resolved it, and keeping the one keeps the other past its ",
    "lifetime; resolved as Container.vaultFor(42) → Container.tokenFor(42)",
  ].joined()

  @Test(.container(strict: true))
  func aUniqueInstanceCapturedByASingletonIsReportedOnce() {
    withKnownIssue {
      _ = Container.shared.vault()
      _ = Container.shared.vault()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Wiring strict mode: Container.vault (singleton) captures Container.token (unique): "
        + "its builder resolved it, and keeping the one keeps the other past its lifetime; "
        + "resolved as Container.vault → Container.token"
    }
  }

  @Test(.container(strict: true))
  func aKeptInstanceHoldingOneThatLivesAsLongIsNotReported() {
    #expect(Container.shared.cachedVault().token === Container.shared.cachedToken())
  }

  @Test(.container(strict: true))
  func resolvingAShorterLivedFactoryOutsideAKeptBuildIsNotReported() {
    _ = Container.shared.token()
    Container.shared.vault.register { Vault(token: Token()) }
    #expect(Container.shared.vault() === Container.shared.vault())
  }

  @Test(.container(strict: true))
  func aCaptiveReportNamesTheArgumentsAsVerifyDoes() {
    withKnownIssue {
      _ = Container.shared.vaultFor(42)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == Self.captiveWithArguments
    }
  }
}
