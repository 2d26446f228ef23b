import ExplorerDomain
import Foundation
import Testing

@testable import ExplorerREPL

@Suite struct ReadmeRenderingTests {
  let readme = Readme(
    fileName: "README.md", path: "README.md",
    text:
      "# Title\n\nSome \u{1B}[31mtext\u{1B}[0m.\n\n```sh\n# not a heading\nswift build\n```\n\n\n")
  let name = RepositoryName(owner: "octocat", name: "hello")

  func renderer(colour: Bool, piped: Bool = false) -> Renderer {
    Renderer(
      style: Style(isEnabled: colour), formats: Formats(dates: .iso, now: Date()), width: 80,
      lineWidth: 80, piped: piped)
  }

  @Test func pipedTheTextIsPrintedAsWrittenAndSanitized() {
    let lines = renderer(colour: false, piped: true).readme(readme, of: name)
    #expect(lines.first == "octocat/hello · README.md")
    #expect(
      Array(lines.dropFirst(2)) == [
        "# Title", "", "Some text.", "", "```sh", "# not a heading", "swift build", "```",
        ":back returns to the repository",
      ])
  }

  @Test func onATerminalTheMarkdownIsLaidOut() {
    let lines = renderer(colour: false).readme(readme, of: name)
    #expect(
      Array(lines.dropFirst(2)) == [
        "Title", "", "Some text.", "", "    # not a heading", "    swift build",
        ":back returns to the repository",
      ])
  }

  @Test func withColourHeadingsAreBoldAndCodeIsDim() {
    let lines = renderer(colour: true).readme(readme, of: name)
    #expect(lines[2] == "\u{1B}[1m\u{1B}[36mTitle\u{1B}[0m\u{1B}[0m")
    #expect(lines[4] == "Some text.")
    #expect(lines[6] == "\u{1B}[2m    # not a heading\u{1B}[0m")
    #expect(lines[7] == "\u{1B}[2m    swift build\u{1B}[0m")
  }

  static let inline: [(String, String)] = [
    ("Use **Wiring** now", "Use Wiring now"),
    ("Call `register` first", "Call register first"),
    (
      "See [the docs](https://example.com/docs) here",
      "See the docs (https://example.com/docs) here"
    ),
    ("![logo](logo.png)", "image: logo (logo.png)"),
    ("an *emphasised* word", "an emphasised word"),
    ("snake_case_name stays", "snake_case_name stays"),
    ("2 * 3 * 4", "2 * 3 * 4"),
    ("[not a link] and (brackets)", "[not a link] and (brackets)"),
  ]

  @Test(arguments: inline)
  func inlineMarksAreReadNotPrinted(source: String, shown: String) {
    #expect(MarkdownRendering(style: Style(isEnabled: false), width: nil).inline(source) == shown)
  }

  @Test func listsQuotesAndRulesGetTheirOwnMarks() {
    let lines = MarkdownRendering(style: Style(isEnabled: false), width: 30).lines([
      "- first item", "  * nested item", "1. one", "> quoted", "---",
      "a paragraph long enough that it has to wrap at thirty",
    ])
    #expect(
      lines == [
        "• first item", "  • nested item", "1. one", "│ quoted",
        String(repeating: "─", count: 30),
        "a paragraph long enough that", "it has to wrap at thirty",
      ])
  }
}
