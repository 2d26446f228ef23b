import ExplorerDomain
@testable import ExplorerREPL
import Foundation
import Testing

@Suite struct ReadmeRenderingTests {
  let readme = Readme(
    fileName: "README.md", path: "README.md",
    text: "# Title\n\nSome \u{1B}[31mtext\u{1B}[0m.\n\n```sh\n# not a heading\nswift build\n```\n\n\n")
  let name = RepositoryName(owner: "octocat", name: "hello")

  func renderer(colour: Bool) -> Renderer {
    Renderer(
      style: Style(isEnabled: colour), formats: Formats(dates: .iso, now: Date()), width: 80,
      lineWidth: 80)
  }

  @Test func withoutColourTheTextIsPrintedAsWrittenAndSanitized() {
    let lines = renderer(colour: false).readme(readme, of: name)
    #expect(lines.first == "octocat/hello · README.md")
    #expect(Array(lines.dropFirst(2)) == [
      "# Title", "", "Some text.", "", "```sh", "# not a heading", "swift build", "```",
      ":back returns to the repository",
    ])
  }

  @Test func withColourHeadingsAreBoldAndCodeIsDim() {
    let lines = renderer(colour: true).readme(readme, of: name)
    #expect(lines[2] == "\u{1B}[1m# Title\u{1B}[0m")
    #expect(lines[4] == "Some text.")
    #expect(lines[7] == "\u{1B}[2m# not a heading\u{1B}[0m")
    #expect(lines[8] == "\u{1B}[2mswift build\u{1B}[0m")
  }
}
