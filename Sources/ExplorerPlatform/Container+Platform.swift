public import ExplorerDomain
public import Foundation
public import Wiring

extension Container {
  /// How to reach GitHub; by default `api.github.com` with the token from `GH_TOKEN` or
  /// `GITHUB_TOKEN`.
  public var gitHubConfiguration: Factory<GitHubConfiguration> {
    self { .fromEnvironment(ProcessInfo.processInfo.environment) }.cached
  }

  /// What carries requests to GitHub: `URLSession` unless a test registers otherwise.
  package var httpTransport: Factory<any HTTPTransport> {
    self {
      let configuration = self.gitHubConfiguration()
      return URLSessionTransport(baseURL: configuration.apiURL, timeout: configuration.timeout)
    }.cached
  }

  /// Waits between retries; a test registers one that returns at once.
  package var retryPause: Factory<@Sendable (Double) async -> Void> {
    self { GitHubClient.sleep }
  }

  /// A store that asks GitHub itself.
  public var liveRepositoryStore: Factory<any RepositoryStore> {
    self { LiveRepositoryStore(client: self.gitHubClient()) }.cached
  }

  /// A store that answers from the exchanges recorded in a folder, without any HTTP.
  public var fixtureRepositoryStore: ParameterFactory<URL, any RepositoryStore> {
    self { FixtureRepositoryStore(folder: $0) }.cached.scopeOnParameters.safeInTests
  }

  /// A store that asks GitHub and records every exchange into a folder.
  public var recordingRepositoryStore: ParameterFactory<URL, any RepositoryStore> {
    self { folder in
      RecordingRepositoryStore(
        client: self.gitHubClient(),
        recorder: ExchangeRecorder(folder: folder, token: self.gitHubConfiguration().token))
    }.cached.scopeOnParameters
  }

  /// What a folder of recorded exchanges answers, read afresh each time it is asked.
  public var fixtureRecordingCatalog: ParameterFactory<URL, any RecordingCatalog> {
    self { FixtureRecordingCatalog(folder: $0) }.safeInTests
  }

  var gitHubClient: Factory<GitHubClient> {
    self {
      GitHubClient(
        configuration: self.gitHubConfiguration(), transport: self.httpTransport(),
        pause: self.retryPause())
    }
  }
}
