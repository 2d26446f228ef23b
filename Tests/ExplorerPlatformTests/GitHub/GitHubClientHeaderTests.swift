import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing

/// What the client puts on the wire.
@Suite struct GitHubClientHeaderTests {
  @Test func everyRequestCarriesGitHubsRequiredHeaders() async throws {
    let client = try LiveClient()
    defer { client.server.stop() }
    _ = try await client.store.search(try SearchQuery("swift"))
    let headers = try #require(client.server.requests.first?.headers)
    #expect(headers["Accept"] == "application/vnd.github+json")
    #expect(headers["X-GitHub-Api-Version"] == "2022-11-28")
    #expect(headers["User-Agent"]?.isEmpty == false)
    #expect(headers["Authorization"] == nil, "anonymous requests send no Authorization")
  }

  @Test func aTokenIsSentAsABearerToken() async throws {
    let client = try LiveClient(token: GitHubToken("ghp_exampleToken123", source: "GH_TOKEN"))
    defer { client.server.stop() }
    _ = try await client.store.repository(try #require(RepositoryName("hmlongco/Factory")))
    #expect(client.server.requests.first?.headers["Authorization"] == "Bearer ghp_exampleToken123")
  }

  @Test func theQueryIsPercentEncodedSoPlusSignsSurvive() async throws {
    let client = try LiveClient()
    defer { client.server.stop() }
    _ = try? await client.store.search(try SearchQuery("c++ stars:>10", sort: .updated))
    let target = try #require(client.server.requests.first?.target)
    #expect(
      target == "/search/repositories?q=c%2B%2B%20stars%3A%3E10&sort=updated&order=desc"
        + "&per_page=10&page=1")
  }

  @Test func anEnterpriseServerRootKeepsItsPath() async throws {
    let client = try LiveClient(apiPath: "/api/v3")
    defer { client.server.stop() }
    _ = try? await client.store.readme(of: try #require(RepositoryName("octo-org/tools")))
    #expect(client.server.requests.first?.target == "/api/v3/repos/octo-org/tools/readme")
  }
}

/// Where the token comes from, and where it never goes.
@Suite struct GitHubTokenTests {
  @Test(
    arguments: [
      (["GH_TOKEN": "a", "GITHUB_TOKEN": "b"], "GH_TOKEN"),
      (["GITHUB_TOKEN": "b"], "GITHUB_TOKEN"),
      (["GH_TOKEN": "  ", "GITHUB_TOKEN": "b"], "GITHUB_TOKEN"),
      (["GH_TOKEN": ""], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theTokenComesFromGHTokenThenGitHubToken(environment: [String: String], source: String?) {
    #expect(GitHubToken.fromEnvironment(environment)?.source == source)
  }

  @Test func aTokenNeverPrintsItsValue() {
    let token = GitHubToken("ghp_secretValue", source: "GH_TOKEN")
    var dumped = ""
    dump(token, to: &dumped)
    for text in [
      "\(token)", String(reflecting: token), dumped, "\(GitHubConfiguration(token: token))",
    ] {
      #expect(!text.contains("ghp_secretValue"), "printed: \(text)")
    }
  }

  @Test func noErrorEverMentionsTheToken() async throws {
    let secret = "ghp_neverPrintThis"
    let client = try LiveClient(
      faults: [
        .respond(status: 401, headers: [:], body: #"{"message":"Bad credentials"}"#),
        .respond(status: 403, headers: [:], body: #"{"message":"Resource not accessible"}"#),
        .respond(status: 500, headers: [:], body: "oops"),
      ],
      token: GitHubToken(secret, source: "GITHUB_TOKEN"), retries: 0)
    defer { client.server.stop() }
    var errors: [ExplorerError] = []
    for _ in 0..<4 {
      do {
        _ = try await client.store.search(try SearchQuery("not recorded anywhere"))
      } catch {
        errors.append(error)
      }
    }
    #expect(errors.count == 4)
    for error in errors {
      #expect(!"\(error)".contains(secret))
      #expect(!String(reflecting: error).contains(secret))
    }
  }
}
