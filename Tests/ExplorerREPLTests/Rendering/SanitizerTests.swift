import Testing

@testable import ExplorerREPL

@Suite struct SanitizerTests {
  static let hostile: [(String, String)] = [
    ("plain text", "plain text"),
    ("\u{1B}[31mred\u{1B}[0m", "red"),
    ("\u{1B}]0;pwned\u{07}title", "title"),
    ("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
    ("clear\u{1B}[2J\u{1B}[Hscreen", "clearscreen"),
    ("bell\u{07}s and back\u{08}spaces", "bells and backspaces"),
    ("carriage\rreturn", "carriagereturn"),
    ("c1 \u{9B}31mcsi", "c1 csi"),
    ("bidi \u{202E}txet\u{202C} override", "bidi txet override"),
    ("\u{1B}Pdevice control\u{1B}\\after", "after"),
    ("dangling escape \u{1B}", "dangling escape"),
    ("日本語 and emoji 💧 stay", "日本語 and emoji 💧 stay"),
  ]

  @Test(arguments: hostile)
  func aLineKeepsOnlyWhatPrints(input: String, expected: String) {
    #expect(Sanitizer.line(input) == expected)
  }

  @Test func aLineFoldsBreaksAndTabsIntoSingleSpaces() {
    #expect(Sanitizer.line("one\n\ntwo\tthree  four\n") == "one two three four")
  }

  @Test func textKeepsItsLinesAndExpandsTabs() {
    #expect(Sanitizer.text("# Title\n\n\tcode\u{1B}[1m\n") == "# Title\n\n  code\n")
  }

  @Test(arguments: hostile.map(\.0))
  func nothingSanitizedContainsAnEscapeOrControlCharacter(input: String) {
    for output in [Sanitizer.line(input), Sanitizer.text(input)] {
      #expect(
        !output.unicodeScalars.contains { scalar in
          (scalar.value < 0x20 && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
        })
    }
  }
}
