import ExplorerREPL
import Testing

/// Columns on screen, as terminals draw them.
@Suite struct VisibleWidthTests {
  @Test(arguments: [
    ("› ", 2),
    ("\u{1B}[36m›\u{1B}[0m ", 2),
    ("\u{1B}[1;38;5;208mexplorer\u{1B}[0m> ", 10),
    ("\u{1B}]0;title\u{7}> ", 2),
    ("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\", 4),
    ("日本語", 6),
    ("ｆｕｌｌ", 8),
    ("한국", 4),
    ("🙂👍🏽", 4),
    ("❤️", 2),
    ("café", 4),
    ("e\u{301}", 1),
    ("", 0),
  ])
  func measuresTheColumnsTextTakes(text: String, columns: Int) {
    #expect(VisibleWidth.of(text) == columns)
  }
}
