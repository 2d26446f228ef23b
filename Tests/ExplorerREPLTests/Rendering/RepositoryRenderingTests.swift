import ExplorerDomain
import Foundation
import Testing

@testable import ExplorerREPL

@Suite struct RepositoryRenderingTests {
  let detail = RepositoryDetail(
    summary: RepositorySummary(
      id: 1, name: RepositoryName(owner: "octocat", name: "hello"),
      description: "A friendly repository whose description is longer than a narrow terminal",
      stars: 1_200, forks: 30, openIssues: 4, language: "Swift",
      topics: ["dependency-injection", "swift", "testing", "architecture"],
      license: nil, isArchived: false, isFork: false, createdAt: nil, updatedAt: nil,
      pushedAt: nil, defaultBranch: "main",
      htmlURL: URL(string: "https://github.com/octocat/hello-a-rather-long-name")),
    watchers: 1_200, subscribers: 40, homepage: nil, sizeInKilobytes: nil, parent: nil,
    readme: nil)

  func renderer(lineWidth: Int?) -> Renderer {
    Renderer(
      style: Style(isEnabled: false), formats: Formats(dates: .iso, now: Date()), width: 80,
      lineWidth: lineWidth)
  }

  @Test(arguments: [40, 52, 60])
  func onANarrowTerminalOnlyAddressesGoPastTheWidth(columns: Int) {
    let lines = renderer(lineWidth: columns).repository(detail)
    let tooWide = lines.filter { VisibleWidth.of($0) > columns }
    #expect(tooWide.allSatisfy { $0.contains("https://") })
    #expect(lines.contains("  On GitHub    https://github.com/octocat/hello-a-rather-long-name"))
  }

  @Test func aWrappedFieldContinuesUnderItsValue() throws {
    let lines = renderer(lineWidth: 40).repository(detail)
    let topics = try #require(lines.firstIndex { $0.hasPrefix("  Topics") })
    #expect(lines[topics] == "  Topics       dependency-injection,")
    #expect(lines[topics + 1] == "               swift, testing,")
    #expect(lines[topics + 2] == "               architecture")
  }

  @Test func withNoKnownWidthEveryFieldIsOneLine() {
    let lines = renderer(lineWidth: nil).repository(detail)
    #expect(
      lines.contains("A friendly repository whose description is longer than a narrow terminal"))
    #expect(lines.contains("  Topics       dependency-injection, swift, testing, architecture"))
  }
}
