import ExplorerREPL
import Testing

/// Storing lines and walking them with Up and Down.
@Suite struct LineHistoryTests {
  @Test func upWalksFromTheNewestToTheOldestAndStops() {
    var history = LineHistory(entries: ["one", "two", "three"])
    #expect(history.previous(current: "") == "three")
    #expect(history.previous(current: "three") == "two")
    #expect(history.previous(current: "two") == "one")
    #expect(history.previous(current: "one") == nil)
  }

  @Test func downPastTheNewestGivesBackTheLineBeingTyped() {
    var history = LineHistory(entries: ["one", "two"])
    #expect(history.previous(current: ":sea") == "two")
    #expect(history.previous(current: "two") == "one")
    #expect(history.next() == "two")
    #expect(history.next() == ":sea")
    #expect(history.next() == nil)
  }

  @Test func downWithoutNavigatingDoesNothing() {
    var history = LineHistory(entries: ["one"])
    #expect(history.next() == nil)
  }

  @Test func addingALineEndsNavigation() {
    var history = LineHistory(entries: ["one", "two"])
    _ = history.previous(current: "")
    _ = history.previous(current: "two")
    history.add("three")
    #expect(history.previous(current: "") == "three")
  }

  @Test(arguments: [
    (["a", "a"], ["a"]),
    (["a", "b", "a"], ["a", "b", "a"]),
    (["a", "", "  ", "\t", "b"], ["a", "b"]),
    ([":search swift", ":search swift", ":open 1", ":open 1"], [":search swift", ":open 1"]),
  ])
  func storesNeitherBlankLinesNorARepeatOfTheLineBefore(added: [String], kept: [String]) {
    var history = LineHistory()
    added.forEach { history.add($0) }
    #expect(history.entries == kept)
  }

  @Test func keepsOnlyTheNewestEntriesUpToTheLimit() {
    var history = LineHistory(limit: 3)
    (1...5).forEach { history.add("line \($0)") }
    #expect(history.entries == ["line 3", "line 4", "line 5"])
  }

  @Test func loadedEntriesAreTrimmedToTheLimitToo() {
    let history = LineHistory(entries: (1...1_005).map { "line \($0)" })
    #expect(history.entries.count == LineHistory.defaultLimit)
    #expect(history.entries.first == "line 6")
  }
}
