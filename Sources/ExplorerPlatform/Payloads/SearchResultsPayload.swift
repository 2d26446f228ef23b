internal import ExplorerDomain

/// The body of `GET /search/repositories`.
struct SearchResultsPayload: Decodable {
  let totalCount: Int
  let incompleteResults: Bool?
  let items: [RepositoryPayload]

  /// The items as domain values; a bad one is blamed at `items[N]`, and a negative count at
  /// `total_count`.
  func summaries() throws(PayloadError) -> [RepositorySummary] {
    guard totalCount >= 0 else {
      throw PayloadError(path: "total_count", reason: "\(totalCount) is not a count")
    }
    var summaries: [RepositorySummary] = []
    for (index, item) in items.enumerated() {
      do {
        summaries.append(try item.summary())
      } catch {
        throw PayloadError(
          path: "items[\(index)]" + (error.path.isEmpty ? "" : ".\(error.path)"),
          reason: error.reason)
      }
    }
    return summaries
  }

  enum CodingKeys: String, CodingKey {
    case items
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
  }
}
