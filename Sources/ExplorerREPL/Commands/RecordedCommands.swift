internal import ExplorerPlatform

/// The commands that the recorded exchanges answer, as `:recordings` lists them.
enum RecordedCommands {
  /// One command the fixtures answer.
  struct Entry: Equatable {
    /// The command to type: `:search swift --sort stars`.
    let command: String
    /// The HTTP status GitHub answered with when it was recorded.
    let status: Int
    /// How many pages of a search are recorded; 1 for anything else.
    let pages: Int
    /// For `:open`, the status of the recorded README request, if there is one.
    var readme: Int? = nil
  }

  /// The commands `recordings` answer: searches, then repositories, then READMEs.
  static func entries(
    _ recordings: [(request: HTTPRequest, status: Int)]
  ) -> [Entry] {
    var searches: [String: (status: Int, pages: Int)] = [:]
    var others: [Entry] = []
    for (request, status) in recordings {
      let query = request.queryDictionary
      let parts = request.path.split(separator: "/").map(String.init)
      if parts == ["search", "repositories"], let words = query["q"] {
        var command = ":search \(words)"
        if let sort = query["sort"] { command += " --sort \(sort) --order \(query["order"] ?? "desc")" }
        if let size = query["per_page"], size != "10" { command += " --limit \(size)" }
        var entry = searches[command] ?? (status, 0)
        entry.pages += 1
        if query["page"] == "1" { entry.status = status }
        searches[command] = entry
      } else if parts.count == 3, parts[0] == "repos" {
        others.append(Entry(command: ":open \(parts[1])/\(parts[2])", status: status, pages: 1))
      } else if parts.count == 4, parts[0] == "repos", parts[3] == "readme" {
        others.append(Entry(command: ":readme \(parts[1])/\(parts[2])", status: status, pages: 1))
      }
    }
    let found = searches.map {
      Entry(command: $0.key, status: $0.value.status, pages: $0.value.pages)
    }
    // A README goes with its repository's `:open`; one recorded alone keeps its own line.
    let readmes = Dictionary(
      others.filter { $0.command.hasPrefix(":readme ") }
        .map { (String($0.command.dropFirst(":readme ".count)), $0.status) },
      uniquingKeysWith: { first, _ in first })
    var opens = others.filter { $0.command.hasPrefix(":open ") }
    let opened = Set(opens.map { String($0.command.dropFirst(":open ".count)) })
    for index in opens.indices {
      opens[index].readme = readmes[String(opens[index].command.dropFirst(":open ".count))]
    }
    let lonelyReadmes = others.filter {
      $0.command.hasPrefix(":readme ") && !opened.contains(String($0.command.dropFirst(":readme ".count)))
    }
    return found.sorted { $0.command < $1.command }
      + opens.sorted { $0.command.lowercased() < $1.command.lowercased() }
      + lonelyReadmes.sorted { $0.command.lowercased() < $1.command.lowercased() }
  }
}
