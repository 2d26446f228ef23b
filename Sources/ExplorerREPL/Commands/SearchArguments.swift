internal import ExplorerDomain

/// Reads `:search`'s words and options into a query, spelled as GitHub's own CLI spells them.
enum SearchArguments {
  static func query(from arguments: inout ArgumentList) throws(CommandError) -> SearchQuery {
    let sort = try arguments.option("--sort").map { word throws(CommandError) in
      guard let sort = SearchQuery.Sort(rawValue: word.lowercased()) else {
        throw arguments.problem(
          "unknown sort \(word.quotedForMessage): use stars, forks, help-wanted-issues or updated")
      }
      return sort
    }
    let order = try arguments.option("--order").map { word throws(CommandError) in
      guard let order = SearchQuery.Order(rawValue: word.lowercased()) else {
        throw arguments.problem("unknown order \(word.quotedForMessage): use asc or desc")
      }
      return order
    }
    let limit = try arguments.option("--limit", "-L").map { word throws(CommandError) in
      guard let limit = Int(word) else {
        throw arguments.problem("--limit needs a number, not \(word.quotedForMessage)")
      }
      return limit
    }
    let topics = try arguments.options("--topic")
    let languages = try arguments.options("--language")
    let words = try arguments.remainingWords()
    let text = (words + topics.map { "topic:\($0)" } + languages.map { "language:\($0)" })
      .joined(separator: " ")
    if text.trimmingWhitespace().isEmpty { throw arguments.problem("expected a QUERY") }
    if order != nil, sort == nil {
      throw arguments.problem("--order needs --sort: best-match results have one order")
    }
    do throws(ExplorerError) {
      return try SearchQuery(text, sort: sort, order: order ?? .descending, pageSize: limit ?? 10)
    } catch .invalidQuery(let message) {
      throw arguments.problem(message)
    } catch {
      throw arguments.problem(error.description)
    }
  }
}
