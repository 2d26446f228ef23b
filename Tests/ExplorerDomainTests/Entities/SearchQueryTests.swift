import ExplorerDomain
import Testing

@Suite struct SearchQueryTests {
  @Test(arguments: [
    ("swift", "swift"),
    ("  swift  ", "swift"),
    ("\n\tdependency injection language:swift \n", "dependency injection language:swift"),
    ("\u{00A0}stars:>100\u{3000}", "stars:>100"),
  ])
  func trimsWhitespaceAroundTheTextAndKeepsItInside(text: String, trimmed: String) throws {
    #expect(try SearchQuery(text).text == trimmed)
  }

  @Test func defaultsToBestMatchDescendingTenPerPageFromPageOne() throws {
    let query = try SearchQuery("swift")
    #expect(query.sort == nil)
    #expect(query.order == .descending)
    #expect(query.pageSize == 10)
    #expect(query.page == 1)
  }

  @Test func keepsEveryPartItWasGiven() throws {
    let query = try SearchQuery(
      "language:swift", sort: .helpWantedIssues, order: .ascending, pageSize: 25, page: 3)
    #expect(query.text == "language:swift")
    #expect(query.sort == .helpWantedIssues)
    #expect(query.order == .ascending)
    #expect(query.pageSize == 25)
    #expect(query.page == 3)
  }

  @Test(arguments: ["", " ", "\n\t ", "\u{3000}"])
  func blankTextIsRejectedAsAnEmptySearchText(text: String) throws {
    let error = #expect(throws: ExplorerError.self) { try SearchQuery(text) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains("text"))
    #expect(message.words.contains("empty"))
  }

  @Test(arguments: [("swift \u{1B}[A", "U+001B"), ("\u{0}zero", "U+0000"), ("a\u{7F}", "U+007F")])
  func aControlCharacterIsRejectedByItsCode(text: String, code: String) throws {
    let error = #expect(throws: ExplorerError.self) { try SearchQuery(text) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.hasSuffix("control character " + code))
  }

  @Test(arguments: [
    String(repeating: "a", count: 256),
    String(repeating: "a", count: 250) + " language:swift stars:>100 -topic:ios",
    "a AND b OR c NOT d AND e OR f",
  ])
  func textWithinGitHubsLimitsIsAccepted(text: String) throws {
    #expect(try SearchQuery(text).text == text)
  }

  @Test(arguments: [
    (String(repeating: "a", count: 257), "257"),
    (String(repeating: "ab ", count: 90) + "language:swift", "269"),
    ("\"" + String(repeating: "x", count: 300) + ":y\"", "304"),
  ])
  func textLongerThanGitHubAcceptsIsRejectedWithItsLength(text: String, length: String) throws {
    let error = #expect(throws: ExplorerError.self) { try SearchQuery(text) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains(Substring(length)))
    #expect(message.words.contains("256"))
  }

  @Test func moreThanFiveOperatorsAreRejected() throws {
    let error = #expect(throws: ExplorerError.self) {
      try SearchQuery("a AND b OR c NOT d AND e OR f AND g")
    }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains("6"))
    #expect(message.words.contains("five") || message.words.contains("5"))
  }

  @Test(arguments: [1, 10, SearchQuery.maximumPageSize])
  func pageSizesFromOneToAHundredAreAccepted(pageSize: Int) throws {
    #expect(try SearchQuery("swift", pageSize: pageSize).pageSize == pageSize)
  }

  @Test(arguments: [0, -1, 101, 1_000])
  func pageSizeOutsideOneToAHundredIsRejectedNamingTheSize(pageSize: Int) throws {
    let error = #expect(throws: ExplorerError.self) { try SearchQuery("swift", pageSize: pageSize) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains("\(pageSize)"))
    #expect(message.contains("page size"))
  }

  @Test(arguments: [0, -1, Int.min])
  func pageBelowOneIsRejectedNamingThePage(page: Int) throws {
    let error = #expect(throws: ExplorerError.self) { try SearchQuery("swift", page: page) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains("\(page)"))
  }

  @Test func onPageChangesOnlyThePage() throws {
    let first = try SearchQuery(
      "  language:swift  ", sort: .forks, order: .ascending, pageSize: 30, page: 1)
    let fourth = try first.onPage(4)
    #expect(fourth.page == 4)
    #expect(fourth.text == "language:swift")
    #expect(fourth.sort == .forks)
    #expect(fourth.order == .ascending)
    #expect(fourth.pageSize == 30)
    #expect(try fourth.onPage(1) == first)
  }

  @Test func onPageRejectsAPageBelowOne() throws {
    let query = try SearchQuery("swift", page: 2)
    let error = #expect(throws: ExplorerError.self) { try query.onPage(0) }
    let message = try #require(error?.invalidQueryMessage)
    #expect(message.words.contains("0"))
  }

  @Test func queriesOnDifferentPagesAreDifferent() throws {
    let first = try SearchQuery("swift")
    #expect(try first.onPage(2) != first)
    #expect(Set([first, try first.onPage(2), try SearchQuery("swift")]).count == 2)
  }

  @Test func sortsAreSpelledTheWayGitHubsAPIExpects() {
    let rawValues = SearchQuery.Sort.allCases.map(\.rawValue)
    #expect(rawValues == ["stars", "forks", "help-wanted-issues", "updated"])
  }

  @Test func ordersAreSpelledTheWayGitHubsAPIExpects() {
    #expect(SearchQuery.Order.descending.rawValue == "desc")
    #expect(SearchQuery.Order.ascending.rawValue == "asc")
    #expect(SearchQuery.Order.allCases.count == 2)
  }
}

extension ExplorerError {
  /// The message of an `invalidQuery`, `nil` for any other case.
  fileprivate var invalidQueryMessage: String? {
    guard case .invalidQuery(let message) = self else { return nil }
    return message
  }
}

extension String {
  /// The words and numbers in the text, so that `0` is found in "not 0" but not in "100".
  fileprivate var words: [Substring] {
    split { !($0.isLetter || $0.isNumber || $0 == "-") }
  }
}
