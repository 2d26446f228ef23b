import ExplorerDomain
import ExplorerPlatform
import ExplorerPresentation
import ExplorerTestSupport
import Testing
import Wiring
import WiringTesting

extension Trait where Self == ContainerTrait<Container> {
  /// A fresh `Container.shared` for each test, whose store answers from the bundled fixtures, so
  /// parallel tests never share a navigator, a view model or a registration; every view model,
  /// coordinator and use case the container builds must be freed by the end of the test, and a
  /// factory that would reach GitHub or the live store fails the test (fakes only).
  static var explorer: Self {
    .container(fakesOnly: true, leaks: .fail) { container in
      let store = container.fixtureRepositoryStore(BundledFixtures.folder)
      container.repositoryStore.register { store }
    }
  }
}

/// Runs `body` with the test's `Container.shared` after `configure` registered its fakes.
@MainActor
func withExplorer<Result>(
  _ configure: (Container) -> Void = { _ in },
  _ body: @MainActor (Container) async throws -> Result
) async rethrows -> Result {
  let container = Container.shared
  configure(container)
  return try await body(container)
}

extension RepositoryName {
  static let swinject = RepositoryName(owner: "Swinject", name: "Swinject")
  static let factory = RepositoryName(owner: "hmlongco", name: "Factory")
  static let lightDI = RepositoryName(owner: "mteodor", name: "LightDI")
  static let missing = RepositoryName(owner: "octocat", name: "this-repository-does-not-exist")
}

extension SearchQuery {
  /// Three pages, 27 results, in the bundled fixtures.
  static var dependencyInjection: SearchQuery {
    try! SearchQuery("topic:dependency-injection language:swift")
  }
  /// A 422 from GitHub in the bundled fixtures.
  static var invalid: SearchQuery { try! SearchQuery("repo:this-owner-does-not-exist/nothing") }
  /// No results in the bundled fixtures.
  static var empty: SearchQuery { try! SearchQuery("zzyzx-quux-no-such-project") }
}
