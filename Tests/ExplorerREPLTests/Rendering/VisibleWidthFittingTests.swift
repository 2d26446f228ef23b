import Testing

@testable import ExplorerREPL

@Suite struct VisibleWidthFittingTests {
  static let widths: [(String, Int)] = [
    ("swift", 5), ("形態素解析", 10), ("💧 vapor", 8), ("e\u{301}", 1), ("👩‍💻", 2), ("", 0),
  ]

  @Test(arguments: widths)
  func countsTerminalColumns(text: String, columns: Int) {
    #expect(VisibleWidth.of(text) == columns)
  }

  static let cuts: [(String, Int, String)] = [
    ("A lightweight library", 10, "A lightwe…"),
    ("short", 10, "short"),
    ("形態素解析ライブラリ", 7, "形態素…"),
    ("anything", 0, ""),
  ]

  @Test(arguments: cuts)
  func truncatesToAWidthWithAnEllipsis(text: String, width: Int, expected: String) {
    let cut = VisibleWidth.truncate(text, to: width)
    #expect(cut == expected)
    #expect(VisibleWidth.of(cut) <= width)
  }

  @Test func padsToTheLeftOrRight() {
    #expect(VisibleWidth.pad("42", to: 5, right: true) == "   42")
    #expect(VisibleWidth.pad("日本", to: 6) == "日本  ")
  }
}
