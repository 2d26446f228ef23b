import Testing

@testable import ExplorerREPL

@Suite struct TableTests {
  let table = Table(
    columns: [
      .init(header: "#", alignRight: true),
      .init(header: "NAME"),
      .init(header: "STARS", alignRight: true),
      .init(header: "LANGUAGE", dropOrder: 2),
      .init(header: "DESCRIPTION", isFlexible: true, dropOrder: 1),
    ],
    rows: [
      ["1", "apple/swift", "68,912", "C++", "The Swift Programming Language"],
      ["10", "vapor/vapor", "25,318", "Swift", "A server-side Swift HTTP web framework"],
    ])

  @Test func alignsNumbersRightAndTextLeft() {
    let lines = table.lines(width: 200, style: Style(isEnabled: false))
    #expect(lines[0] == " #  NAME          STARS  LANGUAGE  DESCRIPTION")
    #expect(lines[1] == " 1  apple/swift  68,912  C++       The Swift Programming Language")
    #expect(lines[2] == "10  vapor/vapor  25,318  Swift     A server-side Swift HTTP web framework")
  }

  @Test(arguments: [80, 60, 45, 40, 30, 20])
  func neverExceedsTheWidthItIsGivenWhileItCanDropColumns(width: Int) {
    let lines = table.lines(width: width, style: Style(isEnabled: false))
    let mandatory = " #  NAME         STARS".count
    for line in lines where width >= mandatory {
      #expect(VisibleWidth.of(line) <= width, "\(line)")
    }
  }

  @Test func cutsTheDescriptionBeforeDroppingColumns() {
    let lines = table.lines(width: 50, style: Style(isEnabled: false))
    #expect(lines[2] == "10  vapor/vapor  25,318  Swift     A server-side…")
  }

  @Test func dropsColumnsInTheirDropOrderWhenVeryNarrow() {
    let lines = table.lines(width: 40, style: Style(isEnabled: false))
    #expect(lines[0] == " #  NAME          STARS  DESCRIPTION")
    #expect(lines[1] == " 1  apple/swift  68,912  The Swift Prog…")
    let narrower = table.lines(width: 30, style: Style(isEnabled: false))
    #expect(narrower[0] == " #  NAME          STARS")
  }

  @Test func laterRowsComeUnderTheHeaderAgain() {
    let all = table.lines(width: 200, style: Style(isEnabled: false))
    let later = table.lines(width: 200, style: Style(isEnabled: false), from: 1)
    #expect(later == [all[0], all[2]])
  }
}
