import Testing

@testable import ExplorerREPL

/// The one scanner behind the sanitizer and the width of text: what it skips, and where it stops.
@Suite struct ControlFunctionsTests {
  static let cases: [(String, String)] = [
    ("\u{1B}[1;31mred\u{1B}[0m", "red"),
    ("\u{1B}]0;title\u{07}after", "after"),
    ("\u{1B}]8;;https://example.com\u{1B}\\link", "link"),
    ("\u{1B}Pdevice control\u{1B}\\after", "after"),
    ("\u{1B}_application\u{9C}after", "after"),
    ("\u{9B}2Jafter", "after"),
    ("\u{9D}0;title\u{07}after", "after"),
    ("\u{1B}7saved", "saved"),
    ("unterminated\u{1B}]0;never ends", "unterminated"),
    ("no escapes at all", "no escapes at all"),
  ]

  @Test(arguments: cases)
  func skipsEachSequenceWholeAndKeepsTheTextAfterIt(input: String, visible: String) {
    #expect(ControlFunctions.stripped(from: input) == visible)
    #expect(Sanitizer.line(input) == visible)
    #expect(VisibleWidth.of(input) == visible.count)
  }

  @Test func onlyIntroducersStartASequence() {
    let introducers: [Unicode.Scalar] = [
      "\u{1B}", "\u{9B}", "\u{9D}", "\u{90}", "\u{98}", "\u{9E}", "\u{9F}",
    ]
    #expect(introducers.allSatisfy(ControlFunctions.starts(with:)))
    #expect(!ControlFunctions.starts(with: "["))
    #expect(!ControlFunctions.starts(with: "\u{07}"))
  }
}
