import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Wiring

/// A live store wired to a replay server, as the composition root would wire it to GitHub.
struct LiveClient {
  let server: ReplayServer
  let store: any RepositoryStore
  let pauses: Pauses

  /// The retry pauses the client asked for, instead of really sleeping.
  final class Pauses: Sendable {
    private let recorded = Guarded<[Double]>([])
    var seconds: [Double] { recorded.withLock { $0 } }
    func record(_ seconds: Double) { recorded.withLock { $0.append(seconds) } }
  }

  init(
    folder: URL = BundledFixtures.folder, faults: [ReplayServer.Fault] = [],
    token: GitHubToken? = nil, retries: Int = 2, timeout: Double = 10, apiPath: String = ""
  ) throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: folder), faults: faults)
    let pauses = Pauses()
    let container = Container()
    container.gitHubConfiguration.register {
      GitHubConfiguration(
        apiURL: URL(string: server.baseURL.absoluteString + apiPath)!, token: token,
        timeout: timeout, retries: retries, retryDelay: 0.25)
    }
    container.retryPause.register { { pauses.record($0) } }
    self.server = server
    self.pauses = pauses
    self.store = container.liveRepositoryStore()
  }
}
