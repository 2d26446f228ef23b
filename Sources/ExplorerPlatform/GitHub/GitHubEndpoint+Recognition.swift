internal import ExplorerDomain

extension GitHubEndpoint {
  /// What `request` asks for, read back from the path and query `GitHubEndpoint` builds; `nil`
  /// for any other path, and for a search the domain would refuse.
  static func recognized(_ request: HTTPRequest) -> Recording.Request? {
    let parts = request.path.split(separator: "/").map(String.init)
    if parts == ["search", "repositories"] {
      return searchQuery(request.queryDictionary).map { .search($0) }
    }
    guard parts.count >= 3, parts[0] == "repos" else { return nil }
    let name = RepositoryName(owner: parts[1], name: parts[2])
    switch parts.count {
    case 3: return .repository(name)
    case 4 where parts[3] == "readme": return .readme(name)
    default: return nil
    }
  }

  /// The search a `/search/repositories` query asks for, with GitHub's defaults for what it
  /// leaves out: best match, descending, 10 a page, the first page.
  private static func searchQuery(_ query: [String: String]) -> SearchQuery? {
    guard let text = query["q"] else { return nil }
    var sort: SearchQuery.Sort?
    if let word = query["sort"] {
      guard let known = SearchQuery.Sort(rawValue: word) else { return nil }
      sort = known
    }
    guard let order = SearchQuery.Order(rawValue: query["order"] ?? "desc"),
      let pageSize = Int(query["per_page"] ?? "10"), let page = Int(query["page"] ?? "1")
    else { return nil }
    return try? SearchQuery(text, sort: sort, order: order, pageSize: pageSize, page: page)
  }
}
