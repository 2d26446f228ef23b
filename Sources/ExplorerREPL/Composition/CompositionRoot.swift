internal import ExplorerDomain
internal import ExplorerPlatform
package import Foundation
internal import Wiring

/// The one place that decides which implementation backs which protocol.
///
/// Every other module only declares factories; this registers the repository store the domain
/// promised (fixtures, live, or live and recording), the catalog of what the fixtures folder
/// answers, and the GitHub settings the command line chose, all in `Container.shared`.
@MainActor
package final class CompositionRoot {
  /// The folder of recorded exchanges the fixtures mode reads.
  package let fixtures: URL
  /// Where live exchanges are also written, if anywhere.
  package let recordings: URL?
  /// The API root, when not api.github.com.
  package let apiURL: URL?
  /// The mode registered last.
  package private(set) var mode: StoreMode
  private let environment: [String: String]

  package init(
    mode: StoreMode, fixtures: URL, recordings: URL?, apiURL: URL?,
    environment: [String: String]
  ) {
    self.mode = mode
    self.fixtures = fixtures
    self.recordings = recordings
    self.apiURL = apiURL
    self.environment = environment
    use(mode)
  }

  /// Registers the store for `mode`, replacing the one registered before.
  package func use(_ mode: StoreMode) {
    self.mode = mode
    let container = Container.shared
    let configuration = gitHubConfiguration
    container.gitHubConfiguration.register { configuration }
    let fixtures = fixtures
    container.recordingCatalog.register { container.fixtureRecordingCatalog(fixtures) }
    switch (mode, recordings) {
    case (.fixtures, _):
      container.repositoryStore.register { container.fixtureRepositoryStore(fixtures) }
    case (.live, let folder?):
      container.repositoryStore.register { container.recordingRepositoryStore(folder) }
    case (.live, nil):
      container.repositoryStore.register { container.liveRepositoryStore() }
    }
  }

  /// How `mode` reads in `:env` and `:mode`: `fixtures (Fixtures/github)`.
  package func describe(_ mode: StoreMode) -> String {
    switch (mode, recordings) {
    case (.fixtures, _): "fixtures (\(Self.display(fixtures)))"
    case (.live, let folder?):
      "live (\(gitHubConfiguration.apiURL.absoluteString)), recording to \(Self.display(folder))"
    case (.live, nil): "live (\(gitHubConfiguration.apiURL.absoluteString))"
    }
  }

  /// `url`'s path, relative to the working directory when it lies inside it.
  static func display(_ url: URL) -> String {
    let here = FileManager.default.currentDirectoryPath + "/"
    let path = url.standardizedFileURL.path
    return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
  }

  /// The environment variable the GitHub token was read from, such as `GH_TOKEN`, or `nil` when
  /// requests go anonymous.
  var tokenSource: String? { gitHubConfiguration.token?.source }

  /// GitHub's settings from the environment (token, timeouts) and the command line (API root).
  var gitHubConfiguration: GitHubConfiguration {
    var configuration = GitHubConfiguration.fromEnvironment(environment)
    if let apiURL { configuration.apiURL = apiURL }
    return configuration
  }
}
