internal import ExplorerDomain
internal import Foundation

/// Sends the explorer's requests to GitHub with the headers it requires, retrying what is worth
/// retrying.
///
/// Only 5xx answers and dropped connections are retried, at most `configuration.retries` times
/// with a doubling delay; everything else is GitHub's answer and goes straight back.
struct GitHubClient: Sendable {
  let configuration: GitHubConfiguration
  let transport: any HTTPTransport
  /// Waits between retries; tests pass one that does not really sleep.
  let pause: @Sendable (Double) async -> Void

  init(
    configuration: GitHubConfiguration, transport: any HTTPTransport,
    pause: @escaping @Sendable (Double) async -> Void = GitHubClient.sleep
  ) {
    self.configuration = configuration
    self.transport = transport
    self.pause = pause
  }

  /// The response to `request`, after any retries.
  func send(_ request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    var request = request
    request.headers.merge(configuration.headers) { own, _ in own }
    var attempt = 0
    while true {
      let outcome: Result<HTTPResponse, TransportError>
      do {
        outcome = .success(try await transport.send(request))
      } catch {
        outcome = .failure(error)
      }
      guard attempt < configuration.retries, Self.isWorthRetrying(outcome) else {
        return try Self.settle(outcome, request: request)
      }
      await pause(configuration.retryDelay * Double(1 << attempt))
      if Task.isCancelled { throw .cancelled }
      attempt += 1
    }
  }

  private static func isWorthRetrying(_ outcome: Result<HTTPResponse, TransportError>) -> Bool {
    switch outcome {
    case .success(let response): (500...599).contains(response.status)
    case .failure(.connectionLost): true
    case .failure: false
    }
  }

  private static func settle(
    _ outcome: Result<HTTPResponse, TransportError>, request: HTTPRequest
  ) throws(ExplorerError) -> HTTPResponse {
    switch outcome {
    case .success(let response):
      return response
    case .failure(.cancelled):
      throw .cancelled
    case .failure(.timedOut(let seconds)):
      throw .networkUnreachable(reason: "no answer within \(Self.seconds(seconds))")
    case .failure(.connectionLost(let reason)), .failure(.unreachable(let reason)):
      throw .networkUnreachable(reason: reason)
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  @Sendable static func sleep(_ seconds: Double) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
  }
}
