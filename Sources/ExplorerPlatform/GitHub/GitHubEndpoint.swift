internal import ExplorerDomain

/// The three requests the explorer makes, built the same way for every store.
enum GitHubEndpoint {
  static func search(_ query: SearchQuery) -> HTTPRequest {
    var items = [QueryItem("q", query.text)]
    if let sort = query.sort {
      items.append(QueryItem("sort", sort.rawValue))
      items.append(QueryItem("order", query.order.rawValue))
    }
    items.append(QueryItem("per_page", String(query.pageSize)))
    items.append(QueryItem("page", String(query.page)))
    return HTTPRequest(path: "/search/repositories", query: items)
  }

  static func repository(_ name: RepositoryName) -> HTTPRequest {
    HTTPRequest(path: "/repos/\(name.owner)/\(name.name)")
  }

  static func readme(_ name: RepositoryName) -> HTTPRequest {
    HTTPRequest(path: "/repos/\(name.owner)/\(name.name)/readme")
  }
}
