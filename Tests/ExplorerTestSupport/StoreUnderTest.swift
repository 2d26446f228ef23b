package import ExplorerDomain
internal import ExplorerPlatform
package import Foundation
internal import Wiring

/// Each way the explorer can get repositories, set up against the same fixtures folder.
///
/// A contract test takes one of these as its argument and must see the same results from each.
package enum StoreUnderTest: String, CaseIterable, Sendable {
  /// The fixture store: recordings read from disk, no HTTP.
  case fixtures
  /// The live HTTP client, talking over loopback to a server that replays the recordings.
  case liveOverReplay

  /// Runs `body` with a store of this kind over `folder`, in a container of its own.
  ///
  /// The bundled folder's stores are made once and shared, replay server included: they hold
  /// no state a test can change.
  package func withStore<Result>(
    folder: URL? = nil,
    _ body: (any RepositoryStore) async throws -> Result
  ) async throws -> Result {
    guard let folder else { return try await body(try Self.bundled(self)) }
    let (store, server) = try makeStore(folder: folder)
    defer { server?.stop() }
    return try await body(store)
  }

  private func makeStore(folder: URL) throws -> (any RepositoryStore, ReplayServer?) {
    let container = Container()
    switch self {
    case .fixtures:
      return (container.fixtureRepositoryStore(folder), nil)
    case .liveOverReplay:
      let server = try ReplayServer(archive: try ExchangeArchive.load(from: folder))
      container.gitHubConfiguration.register {
        GitHubConfiguration(apiURL: server.baseURL, token: nil, timeout: 10, retries: 0)
      }
      return (container.liveRepositoryStore(), server)
    }
  }

  private static let bundledStores: [StoreUnderTest: Swift.Result<any RepositoryStore, any Error>] =
    Dictionary(
      uniqueKeysWithValues: allCases.map { kind in
        (kind, Swift.Result { try kind.makeStore(folder: BundledFixtures.folder).0 })
      })

  private static func bundled(_ kind: StoreUnderTest) throws -> any RepositoryStore {
    try bundledStores[kind]!.get()
  }
}
