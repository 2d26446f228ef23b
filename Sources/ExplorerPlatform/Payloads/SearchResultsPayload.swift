internal import ExplorerDomain

/// The body of `GET /search/repositories`.
struct SearchResultsPayload: Decodable {
  let totalCount: Int
  let incompleteResults: Bool?
  let items: [RepositoryPayload]

  /// The items as domain values; a bad one is blamed at `items[N]`.
  func summaries() throws(PayloadError) -> [RepositorySummary] {
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
