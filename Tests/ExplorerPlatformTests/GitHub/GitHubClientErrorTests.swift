import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing

/// How GitHub's answers and the network's failures become `ExplorerError`s, and what is retried.
@Suite struct GitHubClientErrorTests {
  static let swift = { try! SearchQuery("swift") }()

  @Test(
    arguments: [
      (
        ReplayServer.Fault.respond(
          status: 401, headers: [:], body: #"{"message":"Bad credentials","status":"401"}"#),
        ExplorerError.unauthorized(message: "Bad credentials")
      ),
      (
        .respond(status: 403, headers: [:], body: #"{"message":"Resource not accessible"}"#),
        .forbidden(message: "Resource not accessible")
      ),
      (
        .respond(
          status: 403,
          headers: [
            "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1795169405",
            "X-RateLimit-Limit": "60", "X-RateLimit-Resource": "core",
          ],
          body: #"{"message":"API rate limit exceeded for 203.0.113.9."}"#),
        .rateLimited(
          RateLimit(
            kind: .primary, resource: "core", limit: 60,
            resetsAt: Date(timeIntervalSince1970: 1_795_169_405), retryAfterSeconds: nil))
      ),
      (
        .respond(
          status: 403, headers: ["Retry-After": "60", "X-RateLimit-Remaining": "12"],
          body: #"{"message":"You have exceeded a secondary rate limit."}"#),
        .rateLimited(
          RateLimit(
            kind: .secondary, resource: nil, limit: nil, resetsAt: nil, retryAfterSeconds: 60))
      ),
      (
        .respond(status: 429, headers: [:], body: "{}"),
        .rateLimited(
          RateLimit(
            kind: .secondary, resource: nil, limit: nil, resetsAt: nil, retryAfterSeconds: nil))
      ),
      (
        .respond(
          status: 422, headers: [:],
          body:
            #"{"message":"Validation Failed","errors":["Only the first 1000 search results are available"]}"#
        ),
        .invalidQuery(message: "Only the first 1000 search results are available")
      ),
      (
        .respond(status: 404, headers: [:], body: #"{"message":"Not Found"}"#),
        .notFound(what: #"search "swift""#)
      ),
      (
        .respond(status: 418, headers: [:], body: "<html>teapot</html>"),
        .unexpectedResponse(
          request: "GET /search/repositories?q=swift&per_page=10&page=1", reason: "HTTP 418")
      ),
      (
        .respond(status: 200, headers: [:], body: "<html>busy</html>"),
        .unexpectedResponse(
          request: "GET /search/repositories?q=swift&per_page=10&page=1",
          reason: "body: not JSON: unexpected '<' where a value should be at line 1, column 1")
      ),
      (
        .respond(status: 200, headers: [:], body: #"{"total_count":"many","items":[]}"#),
        .unexpectedResponse(
          request: "GET /search/repositories?q=swift&per_page=10&page=1",
          reason: "body at total_count: expected a number, found a string")
      ),
    ] as [(ReplayServer.Fault, ExplorerError)])
  func anAnswerBecomesTheErrorItStandsFor(answer: ReplayServer.Fault, error: ExplorerError)
    async throws
  {
    let client = try LiveClient(faults: [answer])
    defer { client.server.stop() }
    await #expect(throws: error) { try await client.store.search(Self.swift) }
    #expect(client.server.requests.count == 1, "client errors are not retried")
  }

  @Test func aServerErrorIsRetriedWithDoublingPauses() async throws {
    let failure = ReplayServer.Fault.respond(status: 502, headers: [:], body: "Bad Gateway")
    let client = try LiveClient(faults: [failure, failure])
    defer { client.server.stop() }
    let page = try await client.store.search(Self.swift)
    #expect(page.items.count == 10)
    #expect(client.server.requests.count == 3)
    #expect(client.pauses.seconds == [0.25, 0.5])
  }

  @Test func retriesStopAtTheLimit() async throws {
    let failure = ReplayServer.Fault.respond(
      status: 503, headers: [:], body: #"{"message":"Service Unavailable"}"#)
    let client = try LiveClient(faults: [failure, failure, failure, failure], retries: 2)
    defer { client.server.stop() }
    await #expect(throws: ExplorerError.serverError(status: 503, message: "Service Unavailable")) {
      try await client.store.search(Self.swift)
    }
    #expect(client.server.requests.count == 3)
  }

  @Test func aDroppedConnectionIsRetried() async throws {
    let client = try LiveClient(faults: [.dropConnection])
    defer { client.server.stop() }
    let page = try await client.store.search(Self.swift)
    #expect(page.totalCount > 0)
    #expect(client.server.requests.count == 2)
  }

  @Test func aSlowAnswerTimesOutWithoutRetrying() async throws {
    // NB: the stall outlasts the timeout many times over, and the timeout leaves a loaded
    // machine time to deliver the request, so the outcome does not depend on the machine's speed.
    let client = try LiveClient(faults: [.stall(seconds: 60)], timeout: 2)
    defer { client.server.stop() }
    let error = await #expect(throws: ExplorerError.self) {
      try await client.store.search(Self.swift)
    }
    #expect(error == .networkUnreachable(reason: "no answer within 2 s"))
    let deadline = Date().addingTimeInterval(30)
    while client.server.requests.isEmpty, Date() < deadline {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(client.server.requests.count == 1)
  }

  @Test func aServerThatIsNotThereIsUnreachable() async throws {
    let client = try LiveClient(retries: 0)
    client.server.stop()
    try await Task.sleep(nanoseconds: 100_000_000)
    let error = await #expect(throws: ExplorerError.self) {
      try await client.store.search(Self.swift)
    }
    guard case .networkUnreachable(let reason)? = error else {
      Issue.record("expected networkUnreachable, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("127.0.0.1"))
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    // NB: the server stalls far longer than any loaded machine takes to deliver the cancellation,
    // so only a cancelled request can end with `.cancelled` before the stall ends.
    let client = try LiveClient(faults: [.stall(seconds: 120)], timeout: 300)
    defer { client.server.stop() }
    let store = client.store
    let search = Task { () async throws(ExplorerError) -> SearchPage in
      try await store.search(Self.swift)
    }
    while client.server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
    search.cancel()
    await #expect(throws: ExplorerError.cancelled) { try await search.value }
  }
}
