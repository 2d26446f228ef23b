import ExplorerREPL
import Testing

/// Colour and width, decided from made-up inputs.
@Suite struct TerminalFactsTests {
  @Test(
    arguments: [
      ([:], true, true),
      (["TERM": "xterm-256color"], true, true),
      (["NO_COLOR": "1"], true, false),
      (["NO_COLOR": ""], true, true),
      (["TERM": "dumb"], true, false),
      ([:], false, false),
      (["TERM": "xterm-256color"], false, false),
    ] as [([String: String], Bool, Bool)])
  func colourNeedsATerminalNoNoColorAndASmartTerm(
    environment: [String: String], outputIsTerminal: Bool, allowsColor: Bool
  ) {
    let facts = TerminalFacts(
      environment: environment, standardInputIsTerminal: true,
      standardOutputIsTerminal: outputIsTerminal, windowColumns: nil)
    #expect(facts.allowsColor == allowsColor)
  }

  @Test(
    arguments: [
      (120, ["COLUMNS": "100"], 120),
      (nil, ["COLUMNS": "100"], 100),
      (0, ["COLUMNS": "100"], 100),
      (nil, ["COLUMNS": "wide"], 80),
      (nil, ["COLUMNS": "-5"], 80),
      (nil, [:], 80),
    ] as [(Int?, [String: String], Int)])
  func widthComesFromTheTerminalThenColumnsThenEighty(
    window: Int?, environment: [String: String], columns: Int
  ) {
    let facts = TerminalFacts(
      environment: environment, standardInputIsTerminal: false,
      standardOutputIsTerminal: false, windowColumns: window)
    #expect(facts.columns == columns)
    #expect(facts.columnsAreKnown == (columns != TerminalFacts.fallbackColumns))
  }

  @Test func theTerminalSidesAreReportedAsGiven() {
    let facts = TerminalFacts(
      environment: [:], standardInputIsTerminal: true, standardOutputIsTerminal: false,
      windowColumns: nil)
    #expect(facts.standardInputIsTerminal)
    #expect(!facts.standardOutputIsTerminal)
  }

  @Test func aPseudoTerminalReportsItsWidth() throws {
    let pty = try PseudoTerminal(columns: 57)
    #expect(TerminalFacts.windowColumns(of: pty.terminal) == 57)
  }
}
