import ExplorerDomain
import Testing

@Suite struct RepositoryDetailTests {
  @Test func withReadmeAddsTheReadmeAndKeepsEveryOtherField() {
    let detail = RepositoryDetail.sample(.swift)
    let readme = Readme.sample(of: .swift)
    let expected = RepositoryDetail(
      summary: detail.summary, watchers: detail.watchers, subscribers: detail.subscribers,
      homepage: detail.homepage, sizeInKilobytes: detail.sizeInKilobytes, parent: detail.parent,
      readme: readme)
    #expect(detail.with(readme: readme) == expected)
    #expect(detail.with(readme: readme).readme == readme)
  }

  @Test func withReadmeNilRemovesTheReadme() {
    let withReadme = RepositoryDetail.sample(.swift).with(readme: .sample(of: .swift))
    #expect(withReadme.with(readme: nil) == .sample(.swift))
    #expect(withReadme.with(readme: nil).readme == nil)
  }

  @Test func withReadmeReplacesAnExistingReadme() {
    let old = Readme(fileName: "README", path: "docs/README", text: "old")
    let new = Readme(fileName: "README.md", path: "README.md", text: "new")
    let detail = RepositoryDetail.sample(.swift).with(readme: old).with(readme: new)
    #expect(detail.readme == new)
  }
}
