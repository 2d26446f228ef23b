import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing
import Wiring

/// Bad fixtures and missing recordings are reported precisely, never as a crash or a default.
@Suite struct FixtureStoreErrorTests {
  static let emptySearch = #"{"total_count":0,"incomplete_results":false,"items":[]}"#

  func store(_ fixtures: TemporaryFixtures) -> any RepositoryStore {
    Container().fixtureRepositoryStore(fixtures.folder)
  }

  @Test func aRequestWithNoRecordingNamesTheRequestAndTheFolder() async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "empty.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    await #expect(
      throws: ExplorerError.noRecording(
        request: "GET /search/repositories?q=swift&sort=stars&order=asc&per_page=10&page=2",
        folder: fixtures.folder.path)
    ) {
      try await store(fixtures).search(
        try SearchQuery("swift", sort: .stars, order: .ascending, page: 2))
    }
  }

  /// GitHub's search ignores case, so a recording of `swift` answers `Swift` and `SWIFT`.
  @Test(arguments: ["Swift", "SWIFT", "swift"])
  func searchWordsMatchInAnyCase(words: String) async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "empty.json", path: "/search/repositories",
      query: ["q": "swift", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    let page = try await store(fixtures).search(try SearchQuery(words))
    #expect(page.totalCount == 0)
  }

  @Test func theQueryMatchesInAnyOrderButInFull() async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "empty.json", path: "/search/repositories",
      query: ["page": "1", "q": "x", "per_page": "10"], status: 200, body: Self.emptySearch)
    let page = try await store(fixtures).search(try SearchQuery("x"))
    #expect(page.totalCount == 0)
    await #expect(throws: ExplorerError.self) {
      try await store(fixtures).search(try SearchQuery("x", pageSize: 11))
    }
  }

  @Test(arguments: [
    ("{\"request\": ", "(root)", "the text ends where a value should be at line 1, column 13"),
    ("[1, 2]", "(root)", "expected an object"),
    (#"{"response": {"status": 200}}"#, "request", "required value is missing"),
    (
      #"{"request": {"method": "GET", "path": "search"}, "response": {"status": 200}}"#,
      "request.path", "\"search\" does not start with /"
    ),
    (
      #"{"request": {"method": "GET", "path": "/x", "query": {"page": 1}}, "response": {"status": 200}}"#,
      "request.query.page", "expected a string, found a number"
    ),
    (
      #"{"request": {"method": "GET", "path": "/x"}, "response": {"status": "200"}}"#,
      "response.status", "expected an HTTP status from 100 to 599, found string(\"200\")"
    ),
    (
      #"{"request": {"method": "GET", "path": "/x"}, "response": {"status": 200, "headers": {"Link": null}}}"#,
      "response.headers.Link", "expected a string, found null"
    ),
    (
      "{\"request\": {\"method\": \"GET\", \"path\": \"/x\"},\n \"response\": {\"status\": 200,, }}",
      "(root)", "expected a quoted key at line 2, column 29"
    ),
    (#"{"request": [1 2]}"#, "(root)", "expected ']', found '2' at line 1, column 16"),
    (
      #"{"request": [1, ]}"#, "(root)",
      "unexpected ']' where a value should be at line 1, column 17"
    ),
    (#"{"request": {"a" 1}}"#, "(root)", "expected ':', found '1' at line 1, column 18"),
    (
      #"{"request": [1, 2"#, "(root)",
      "expected ']', found the end of the text at line 1, column 18"
    ),
    (
      #"{"request": {}, "response": [ ], }"#, "(root)", "expected a quoted key at line 1, column 34"
    ),
  ])
  func aBrokenEnvelopeIsReportedWithItsFileAndJSONPath(text: String, path: String, reason: String)
    async throws
  {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "good.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    try fixtures.writeRaw("broken/one.json", text)
    await #expect(
      throws: ExplorerError.malformedFixture(
        file: "broken/one.json", jsonPath: path, reason: reason)
    ) {
      try await store(fixtures).search(try SearchQuery("x"))
    }
  }

  @Test(arguments: [
    (
      #"{"total_count":1,"incomplete_results":false,"items":[{"id":"7","name":"a","full_name":"o/a","stargazers_count":1,"forks_count":0,"open_issues_count":0,"fork":false}]}"#,
      "response.body.items[0].id",
      "expected a number, found a string"
    ),
    (
      #"{"total_count":1,"incomplete_results":false,"items":[{"id":7,"name":"a","full_name":"o/a","forks_count":0,"open_issues_count":0,"fork":false}]}"#,
      "response.body.items[0].stargazers_count", "required value is missing"
    ),
    (
      #"{"total_count":1,"incomplete_results":false,"items":[{"id":7,"name":"a","full_name":"not a name","stargazers_count":1,"forks_count":0,"open_issues_count":0,"fork":false}]}"#,
      "response.body.items[0].full_name", "\"not a name\" is not owner/name"
    ),
    (
      #"{"total_count":1,"incomplete_results":false,"items":[{"id":7,"name":"a","full_name":"o/a","stargazers_count":1,"forks_count":0,"open_issues_count":0,"fork":false,"created_at":"yesterday"}]}"#,
      "response.body.items[0].created_at", "\"yesterday\" is not an ISO 8601 date and time"
    ),
    (
      #"{"incomplete_results":false,"items":[]}"#, "response.body.total_count",
      "required value is missing"
    ),
    (
      #"{"total_count":-5,"incomplete_results":false,"items":[]}"#, "response.body.total_count",
      "-5 is not a count"
    ),
    ("null", "response.body", "the body is empty"),
    (
      #"{"total_count":1,"incomplete_results":false,"items":[{"id":7,"name":null,"full_name":"o/a","stargazers_count":1,"forks_count":0,"open_issues_count":0,"fork":false}]}"#,
      "response.body.items[0].name", "expected a string, found null"
    ),
    (
      #"{"total_count":1,"incomplete_results":false,"items":{"id":7}}"#, "response.body.items",
      "expected an array, found an object"
    ),
    (
      #"{"total_count":1,"incomplete_results":false,"items":[7]}"#, "response.body.items[0]",
      "expected an object, found a number"
    ),
    (
      #"{"total_count":1.5,"incomplete_results":false,"items":[]}"#, "response.body",
      "a number is out of range, or not whole where a whole number belongs"
    ),
  ])
  func aBrokenBodyIsReportedWithItsJSONPath(body: String, path: String, reason: String)
    async throws
  {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: body)
    let error = await #expect(throws: ExplorerError.self) {
      try await store(fixtures).search(try SearchQuery("x"))
    }
    guard case .malformedFixture(let file, let jsonPath, let actualReason)? = error else {
      Issue.record("expected malformedFixture, got \(String(describing: error))")
      return
    }
    #expect(file == "search.json")
    #expect(jsonPath == path)
    #expect(actualReason.contains(reason), "reason: \(actualReason)")
  }

  @Test func twoRecordingsOfOneRequestAreAnError() async throws {
    let fixtures = try TemporaryFixtures()
    for file in ["a.json", "b.json"] {
      try fixtures.write(
        file, path: "/search/repositories",
        query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    }
    await #expect(
      throws: ExplorerError.malformedFixture(
        file: "b.json", jsonPath: "request", reason: "records the same request as a.json")
    ) {
      try await store(fixtures).search(try SearchQuery("x"))
    }
  }

  @Test func aMissingFolderIsReportedAsSuch() async throws {
    let folder = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    await #expect(
      throws: ExplorerError.fixturesUnavailable(
        folder: folder.path, reason: "there is no such folder")
    ) {
      try await Container().fixtureRepositoryStore(folder).search(try SearchQuery("x"))
    }
  }

  @Test func aFileThatCannotBeReadIsReportedInAFewWords() async throws {
    let fixtures = try TemporaryFixtures()
    try FileManager.default.createSymbolicLink(
      atPath: fixtures.folder.appendingPathComponent("gone.json").path,
      withDestinationPath: "nowhere-\(UUID().uuidString).json")
    await #expect(
      throws: ExplorerError.malformedFixture(
        file: "gone.json", jsonPath: "(root)", reason: "cannot be read: there is no such file")
    ) {
      try await store(fixtures).search(try SearchQuery("x"))
    }
  }

  @Test func aFolderNamedLikeAFixtureIsNotReadAsOne() async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search.json/inside.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    #expect(try await store(fixtures).search(try SearchQuery("x")).totalCount == 0)
  }

  @Test func aFixedFileIsPickedUpOnTheNextRequest() async throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.writeRaw("search.json", "{")
    let store = store(fixtures)
    await #expect(throws: ExplorerError.self) { try await store.search(try SearchQuery("x")) }
    try fixtures.write(
      "search.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200, body: Self.emptySearch)
    #expect(try await store.search(try SearchQuery("x")).totalCount == 0)
  }
}
