import ExplorerDomain
import Testing

@Suite struct SearchPageTests {
  @Test func hasANextPageWhenGitHubGaveOne() throws {
    let query = try SearchQuery("swift")
    let page = SearchPage.sample(query, names: [.swift], next: try query.onPage(2))
    #expect(page.hasNextPage)
  }

  @Test func hasNoNextPageOnTheLastPage() throws {
    let query = try SearchQuery("swift", page: 25)
    let page = SearchPage.sample(query, names: [.swift], next: nil)
    #expect(!page.hasNextPage)
  }
}
