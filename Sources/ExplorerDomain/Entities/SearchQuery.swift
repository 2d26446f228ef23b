/// One page of a repository search, as the user asked for it.
///
/// `text` is GitHub search syntax and passes through untouched: keywords plus qualifiers such as
/// `language:swift` or `stars:>100`.
///
/// ```swift
/// let query = try SearchQuery("dependency injection language:swift", sort: .stars)
/// ```
public struct SearchQuery: Hashable, Sendable {
  /// What to sort by; GitHub's default is best match.
  public enum Sort: String, CaseIterable, Sendable {
    /// Most or fewest stars.
    case stars
    /// Most or fewest forks.
    case forks
    /// Most or fewest issues labelled `help-wanted`.
    case helpWantedIssues = "help-wanted-issues"
    /// Most or least recently updated.
    case updated
  }

  /// Which way a sort runs.
  public enum Order: String, CaseIterable, Sendable {
    /// Largest or newest first, GitHub's default.
    case descending = "desc"
    /// Smallest or oldest first.
    case ascending = "asc"
  }

  /// The most results GitHub returns on one page.
  public static let maximumPageSize = 100
  /// The longest search text GitHub accepts, not counting qualifiers and operators.
  public static let maximumKeywordLength = 256
  /// The most `AND`, `OR` and `NOT` operators GitHub accepts in one search.
  public static let maximumOperators = 5

  /// The search text in GitHub's syntax, trimmed.
  public let text: String
  /// What to sort by, or `nil` for best match.
  public let sort: Sort?
  /// Which way `sort` runs; GitHub ignores it without a sort.
  public let order: Order
  /// Results per page, 1 to 100.
  public let pageSize: Int
  /// The page, from 1.
  public let page: Int

  /// A query, checked before anything is sent.
  ///
  /// - Throws: `ExplorerError.invalidQuery` when the text is blank, holds a control character
  ///   (an escape sequence in a script, say), or is more than GitHub accepts
  ///   (256 characters besides its qualifiers, five `AND`/`OR`/`NOT`), the page size is outside
  ///   1...100 or the page is below 1.
  public init(
    _ text: String, sort: Sort? = nil, order: Order = .descending, pageSize: Int = 10,
    page: Int = 1
  ) throws(ExplorerError) {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      throw .invalidQuery(message: "the search text is empty")
    }
    if let control = trimmed.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control && !$0.properties.isWhitespace
    }) {
      let code = String(control.value, radix: 16, uppercase: true)
      throw .invalidQuery(
        message: "the search text holds the control character U+"
          + String(repeating: "0", count: max(0, 4 - code.count)) + code)
    }
    try Self.checkWithinGitHubsLimits(trimmed)
    guard (1...Self.maximumPageSize).contains(pageSize) else {
      throw .invalidQuery(
        message: "the page size must be between 1 and \(Self.maximumPageSize), not \(pageSize)")
    }
    guard page >= 1 else {
      throw .invalidQuery(message: "pages start at 1, not \(page)")
    }
    self.text = trimmed
    self.sort = sort
    self.order = order
    self.pageSize = pageSize
    self.page = page
  }

  /// Rejects what GitHub would answer with "Validation Failed", before a request is spent on
  /// it: search requests have a rate limit of their own, 30 a minute.
  private static func checkWithinGitHubsLimits(_ text: String) throws(ExplorerError) {
    let words = text.split(whereSeparator: \.isWhitespace)
    let operators = words.filter(\.isSearchOperator).count
    guard operators <= maximumOperators else {
      throw .invalidQuery(
        message: "the search has \(operators) AND, OR and NOT operators; GitHub allows "
          + "\(maximumOperators)")
    }
    let keywords = words.filter { !$0.isSearchOperator && !$0.isSearchQualifier }
    let length = keywords.joined(separator: " ").count
    guard length <= maximumKeywordLength else {
      throw .invalidQuery(
        message: "the search text is \(length) characters besides its qualifiers; GitHub "
          + "allows \(maximumKeywordLength)")
    }
  }

  /// The same search, on another page.
  public func onPage(_ page: Int) throws(ExplorerError) -> Self {
    try Self(text, sort: sort, order: order, pageSize: pageSize, page: page)
  }
}

extension String {
  package func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}

extension Substring {
  /// `AND`, `OR` or `NOT`, which GitHub reads as operators only in capitals.
  fileprivate var isSearchOperator: Bool { self == "AND" || self == "OR" || self == "NOT" }

  /// `name:value`, as in `language:swift` or `-topic:ios`.
  fileprivate var isSearchQualifier: Bool {
    guard let colon = firstIndex(of: ":") else { return false }
    let name = self[..<colon].drop { $0 == "-" }
    return !name.isEmpty && name.allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" }
  }
}
