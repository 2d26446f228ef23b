import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing
import Wiring

/// GitHub's JSON as it really is: extra fields, nulls, and fields old responses lack.
@Suite struct GitHubJSONToleranceTests {
  func page(items: String, link: String? = nil) async throws -> SearchPage {
    let fixtures = try TemporaryFixtures()
    try fixtures.write(
      "search.json", path: "/search/repositories",
      query: ["q": "x", "per_page": "10", "page": "1"], status: 200,
      headers: link.map { ["Link": $0] } ?? [:],
      body: #"{"total_count":1,"incomplete_results":false,"items":[\#(items)]}"#)
    return try await Container().fixtureRepositoryStore(fixtures.folder).search(
      try SearchQuery("x"))
  }

  @Test func anOldTrimmedItemStillDecodes() async throws {
    // No node_id, license, archived, topics, dates or owner: the shape of a 2014 recording.
    let item = try #require(
      try await page(
        items: """
          {"id":3,"name":"tool","full_name":"someone/tool","description":null,"fork":false,
           "stargazers_count":5,"forks_count":1,"open_issues_count":0,"language":null}
          """
      ).items.first)
    #expect(item.name == RepositoryName(owner: "someone", name: "tool"))
    #expect(item.license == nil)
    #expect(item.isArchived == false)
    #expect(item.topics == [])
    #expect(item.createdAt == nil)
  }

  @Test func aNullOwnerFallsBackToTheFullName() async throws {
    let item = try #require(
      try await page(
        items: """
          {"id":3,"name":"tool","full_name":"someone/tool","owner":null,"fork":true,
           "stargazers_count":5,"forks_count":1,"open_issues_count":0,"score":1.0,
           "an_unknown_field":{"nested":[1,2,3]},"license":{"key":"other","name":"Other",
           "spdx_id":"NOASSERTION","url":null,"node_id":"MDc6TGljZW5zZTA="}}
          """
      ).items.first)
    #expect(item.name.owner == "someone")
    #expect(item.isFork)
    #expect(item.license == License(key: "other", name: "Other", spdxID: "NOASSERTION"))
  }

  @Test func anIdBeyond32BitsSurvives() async throws {
    let item = try #require(
      try await page(
        items: """
          {"id":9007199254740991,"name":"big","full_name":"o/big","fork":false,
           "stargazers_count":0,"forks_count":0,"open_issues_count":0}
          """
      ).items.first)
    #expect(item.id == 9_007_199_254_740_991)
  }

  @Test(
    arguments: [
      (
        #"<https://api.github.com/search/repositories?q=x&per_page=10&page=2>; rel="next", <https://api.github.com/search/repositories?q=x&per_page=10&page=9>; rel="last""#,
        2
      ),
      (
        #"<https://api.github.com/search/repositories?q=x&page=5&per_page=10>; rel="last", <https://api.github.com/search/repositories?page=3&q=x&per_page=10>; rel="next""#,
        3
      ),
      (
        #"<https://api.github.com/search/repositories?q=x&per_page=10&page=1>; rel="prev first""#,
        nil
      ),
    ] as [(String, Int?)])
  func theNextPageComesFromTheLinkHeader(link: String, next: Int?) async throws {
    let minimal =
      #"{"id":1,"name":"a","full_name":"o/a","fork":false,"stargazers_count":0,"forks_count":0,"open_issues_count":0}"#
    #expect(try await page(items: minimal, link: link).next?.page == next)
  }
}
