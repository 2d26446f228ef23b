import ExplorerREPL
import Testing

/// The breadcrumb prompt fits the terminal and leaves room to type.
@Suite struct PromptFittingTests {
  static let deep = [
    "home", #"search "topic:dependency-injection language:swift""#, "Swinject/Swinject",
  ]

  @Test(arguments: Array(stride(from: 12, through: 140, by: 4)))
  func thePromptLeavesRoomToTypeAtEveryWidth(columns: Int) {
    let crumbs = PromptFitting.crumbs(Self.deep, columns: columns)
    let shown = crumbs.isEmpty ? "❯ " : crumbs.joined(separator: " › ") + " ❯ "
    #expect(
      VisibleWidth.of(shown) <= max(columns - PromptFitting.inputRoom(columns: columns), 2),
      "\(columns) columns: \(shown)")
  }

  @Test func aWideTerminalShowsEveryCrumb() {
    #expect(
      PromptFitting.crumbs(["home", "apple/swift"], columns: 120) == ["home", "apple/swift"])
  }

  @Test func theScreenYouAreOnIsTheLastToShrink() {
    #expect(PromptFitting.crumbs(Self.deep, columns: 40) == ["…", "Swinject/Swinject"])
    let narrow = PromptFitting.crumbs(Self.deep, columns: 30)
    #expect(narrow.first == "…")
    #expect(narrow.last?.hasPrefix("Swin") == true)
  }

  @Test func aTerminalTooNarrowForAnyCrumbShowsOnlyTheMarker() {
    #expect(PromptFitting.crumbs(Self.deep, columns: 14).isEmpty)
  }
}
