import ExplorerDomain
import ExplorerPlatform

/// What a store answered for one recorded request: a domain value or an error.
enum Outcome: Equatable {
  case page(SearchPage)
  case detail(RepositoryDetail)
  case readme(Readme)
  case failure(ExplorerError)

  /// Asks `store` what the recorded `request` asks GitHub.
  static func of(_ request: HTTPRequest, from store: any RepositoryStore) async -> Outcome? {
    let parts = request.path.split(separator: "/").map(String.init)
    do throws(ExplorerError) {
      switch (parts.first, parts.count, parts.last) {
      case ("search", 2, "repositories"):
        let query = request.queryDictionary
        let search = try SearchQuery(
          query["q"] ?? "", sort: query["sort"].flatMap(SearchQuery.Sort.init(rawValue:)),
          order: query["order"].flatMap(SearchQuery.Order.init(rawValue:)) ?? .descending,
          pageSize: Int(query["per_page"] ?? "") ?? 30, page: Int(query["page"] ?? "") ?? 1)
        return .page(try await store.search(search))
      case ("repos", 3, _):
        return .detail(try await store.repository(RepositoryName(owner: parts[1], name: parts[2])))
      case ("repos", 4, "readme"):
        return .readme(try await store.readme(of: RepositoryName(owner: parts[1], name: parts[2])))
      default:
        return nil
      }
    } catch {
      return .failure(error)
    }
  }

  /// Whether the failure blames the data rather than GitHub's answer.
  var isMalformed: Bool {
    switch self {
    case .failure(.malformedFixture), .failure(.unexpectedResponse): true
    default: false
    }
  }
}
