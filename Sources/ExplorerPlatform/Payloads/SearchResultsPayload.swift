/// The body of `GET /search/repositories`.
struct SearchResultsPayload: Decodable {
  let totalCount: Int
  let incompleteResults: Bool?
  let items: [RepositoryPayload]

  enum CodingKeys: String, CodingKey {
    case items
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
  }
}
