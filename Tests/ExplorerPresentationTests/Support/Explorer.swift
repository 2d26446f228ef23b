import ExplorerDomain
import ExplorerPlatform
import ExplorerPresentation
import ExplorerTestSupport
import Wiring

/// Runs `body` with a `Container.shared` of its own whose store answers from the bundled
/// fixtures, so parallel tests never share a navigator or a view model.
@MainActor
func withExplorer<Result>(
  _ configure: (Container) -> Void = { _ in },
  _ body: @MainActor (Container) async throws -> Result
) async rethrows -> Result {
  let container = Container()
  let store = container.fixtureRepositoryStore(BundledFixtures.folder)
  container.repositoryStore.register { store }
  configure(container)
  return try await Container.$shared.withValue(container) {
    try await body(container)
  }
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
