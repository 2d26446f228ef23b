import ExplorerPlatform
import Testing
import Wiring

/// The explorer suites run fakes-only: a test that would build the live GitHub store, and so
/// reach the network, fails and names what it built.
@Suite(.explorer) struct FakesOnlyTests {
  @Test func aTestThatBuildsTheLiveStoreFailsAndNamesIt() {
    withKnownIssue {
      _ = Container.shared.liveRepositoryStore()
    } matching: { issue in
      // The store and each live factory it builds (its GitHub client, and what that needs),
      // every one named with the chain that starts at the store.
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("Wiring fakes-only: `Container.")
        && text.contains("ran its declared builder in fakes-only test")
        && text.contains("(resolved as Container.liveRepositoryStore")
    }
  }
}
