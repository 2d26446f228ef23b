import ExplorerREPL
import Testing

/// Prose wraps at spaces to the width it is given.
@Suite struct TextWrappingTests {
  @Test func wrapsAtSpacesWithAHangingIndent() {
    #expect(
      VisibleWidth.wrap("list the commands, or explain one", to: 16, indent: "  ")
        == ["list the", "  commands, or", "  explain one"])
  }

  @Test(arguments: [10, 16, 24, 40])
  func noLineIsWiderThanTheWidthAndNoWordIsLost(width: Int) {
    let text = "QUERY is GitHub's search syntax: words, and qualifiers such as stars:>1000"
    let lines = VisibleWidth.wrap(text, to: width)
    #expect(lines.allSatisfy { VisibleWidth.of($0) <= width }, "\(lines)")
    #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
  }

  @Test func aWordLongerThanTheLineIsCutNotLost() {
    #expect(VisibleWidth.wrap("abcdefghij xy", to: 4) == ["abcd", "efgh", "ij", "xy"])
  }

  @Test func emptyTextIsOneEmptyLine() {
    #expect(VisibleWidth.wrap("", to: 10) == [""])
  }
}
