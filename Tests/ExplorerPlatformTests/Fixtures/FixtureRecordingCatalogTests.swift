import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing
import Wiring

/// A fixtures folder is read back as what its requests asked for, in the domain's terms, so
/// nothing outside the platform needs to know how GitHub spells a request.
@Suite struct FixtureRecordingCatalogTests {
  func recordings(_ fixtures: TemporaryFixtures) throws -> [Recording] {
    try Container().fixtureRecordingCatalog(fixtures.folder).recordings()
  }

  @Test func aSearchIsReadBackAsItsQuery() throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search.json", path: "/search/repositories",
      query: ["q": "topic:cli", "sort": "forks", "order": "asc", "per_page": "5", "page": "2"],
      status: 200, body: "{}")
    let query = try SearchQuery("topic:cli", sort: .forks, order: .ascending, pageSize: 5, page: 2)
    #expect(try recordings(fixtures) == [Recording(.search(query), status: 200)])
  }

  @Test func aSearchLeavingOutSortPageSizeOrPageHasGitHubsDefaults() throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search.json", path: "/search/repositories", query: ["q": "swift"], status: 403, body: "{}")
    #expect(try recordings(fixtures) == [Recording(.search(try SearchQuery("swift")), status: 403)])
  }

  @Test func aRepositoryAndItsReadmeAreReadBackByName() throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write("a.json", path: "/repos/mteodor/LightDI", status: 200, body: "{}")
    try fixtures.write("b.json", path: "/repos/mteodor/LightDI/readme", status: 404, body: "{}")
    let name = RepositoryName(owner: "mteodor", name: "LightDI")
    #expect(
      try recordings(fixtures) == [
        Recording(.repository(name), status: 200), Recording(.readme(name), status: 404),
      ])
  }

  @Test(
    arguments: [
      ("/user", [:]),
      ("/repos/apple/swift/issues", [:]),
      ("/repos/apple", [:]),
      ("/search/code", ["q": "swift"]),
      ("/search/repositories", [:]),
      ("/search/repositories", ["q": "swift", "sort": "best"]),
      ("/search/repositories", ["q": "swift", "order": "sideways"]),
      ("/search/repositories", ["q": "swift", "per_page": "500"]),
      ("/search/repositories", ["q": "swift", "page": "first"]),
      ("/search/repositories", ["q": "  "]),
    ] as [(String, [String: String])])
  func aRequestExplorerCannotAskAgainIsLeftOut(path: String, query: [String: String]) throws {
    let fixtures = try TemporaryFixtures()
    try fixtures.write("x.json", path: path, query: query, status: 200, body: "{}")
    #expect(try recordings(fixtures).isEmpty)
  }

  @Test func everyBundledRecordingIsReadBack() throws {
    let catalog = Container().fixtureRecordingCatalog(BundledFixtures.folder)
    let files = FileManager.default.subpaths(atPath: BundledFixtures.folder.path) ?? []
    #expect(try catalog.recordings().count == files.filter { $0.hasSuffix(".json") }.count)
  }

  @Test func aRecordingMadeAfterTheFirstReadIsReadToo() throws {
    let fixtures = try TemporaryFixtures()
    let catalog = Container().fixtureRecordingCatalog(fixtures.folder)
    #expect(try catalog.recordings().isEmpty)
    try fixtures.write("a.json", path: "/repos/apple/swift", status: 200, body: "{}")
    #expect(try catalog.recordings().count == 1)
  }

  @Test func aMissingFolderIsAnError() throws {
    let folder = URL(fileURLWithPath: "/nonexistent-explorer-fixtures", isDirectory: true)
    #expect(throws: ExplorerError.self) {
      try Container().fixtureRecordingCatalog(folder).recordings()
    }
  }
}
