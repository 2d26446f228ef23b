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
  fileprivate var asyncToken: AsyncFactory<Token> { self { Token() } }
  fileprivate var asyncVault: AsyncFactory<Vault> {
    self { Vault(token: await self.asyncToken()) }.singleton
  }
  fileprivate var asyncVaultOfAToken: AsyncFactory<Vault> {
    self { Vault(token: self.token()) }.cached
  }
  fileprivate var asyncVaultOfACachedToken: AsyncFactory<Vault> {
    self { Vault(token: await self.asyncCachedToken()) }.cached
  }
  fileprivate var asyncCachedToken: AsyncFactory<Token> { self { Token() }.cached }
}

/// A strict test reports a kept instance that captures a shorter-lived one while it is built.
@Suite(.oneStrictCheckAtATime) struct StrictCaptiveTests {
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

  /// An async kept instance is checked as a synchronous one is, whichever kind of factory its
  /// builder resolves. The reports are collected rather than recorded as issues: an async test
  /// stays running long enough to receive the reports of work that other tests here resolve
  /// outside every test on purpose, which go to every strict test running.
  @Test(arguments: [true, false])
  func anAsyncKeptInstanceThatCapturesAUniqueOneIsReported(resolvesAsync: Bool) async {
    let (holder, held, scope) =
      resolvesAsync
      ? ("Container.asyncVault", "Container.asyncToken", "singleton")
      : ("Container.asyncVaultOfAToken", "Container.token", "cached")
    let reports = await Self.strictlyChecked { container in
      _ = await (resolvesAsync ? container.asyncVault : container.asyncVaultOfAToken)()
    }
    #expect(
      reports.contains(
        "strict mode: \(holder) (\(scope)) captures \(held) (unique): "
          + "its builder resolved it, and keeping the one keeps the other past its lifetime; "
          + "resolved as \(holder) → \(held)"), "\(reports)")
  }

  @Test func anAsyncKeptInstanceHoldingOneThatLivesAsLongIsNotReported() async {
    let reports = await Self.strictlyChecked { container in
      let vault = await container.asyncVaultOfACachedToken()
      #expect(await vault.token === container.asyncCachedToken())
    }
    #expect(!reports.contains { $0.contains("captures") }, "\(reports)")
  }

  /// What a strict test running `body` is told.
  private static func strictlyChecked(
    _ body: (Container) async -> Void
  ) async -> [String] {
    let reports = Mutexed<[String]>([])
    let test = IsolatedTest.Identity(id: "asyncCaptive", name: "asyncCaptive()", strict: true) {
      message, _ in
      reports.update { $0.append(message) }
      return true
    }
    await ContainerIsolation.run(Container.self, test: test, body)
    return reports.update { $0 }
  }
}
