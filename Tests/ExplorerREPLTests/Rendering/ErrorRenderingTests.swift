import Foundation
import Testing

@testable import ExplorerREPL

@Suite struct ErrorRenderingTests {
  let description = "there is no row 99: rows go from 1 to 10"
  let advice = "pick one of those, or :open owner/name"

  func renderer(errorColumns: Int?) -> Renderer {
    Renderer(
      style: Style(isEnabled: false), formats: Formats(dates: .iso, now: Date()), width: 80,
      lineWidth: 80, errorColumns: { errorColumns })
  }

  @Test(arguments: [40, 50, 60])
  func onANarrowTerminalAnErrorWrapsBetweenWordsUnderItsMessage(columns: Int) {
    let lines = renderer(errorColumns: columns).errorLines(description, advice: advice)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { VisibleWidth.of($0) <= columns })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") })
    let oneLine = renderer(errorColumns: nil).error(description, advice: advice)
    #expect(lines.joined(separator: " ").split(separator: " ") == oneLine.split(separator: " "))
  }

  @Test func toAFileOrAPipeAnErrorStaysOneLine() {
    let lines = renderer(errorColumns: nil).errorLines(description, advice: advice)
    #expect(lines == ["error: \(description) — \(advice)"])
  }

  @Test func onAWideTerminalAShortErrorIsOneLine() {
    let lines = renderer(errorColumns: 200).errorLines(description, advice: advice)
    #expect(lines == ["error: \(description) — \(advice)"])
  }
}
