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

  /// The commands `recordings` answer: searches, then repositories (with their README when it
  /// is recorded too), then READMEs recorded without their repository.
  static func entries(
    _ recordings: [(request: HTTPRequest, status: Int)]
  ) -> [Entry] {
    var searches: [String: (status: Int, pages: Int)] = [:]
    var repositories: [String: Int] = [:]
    var readmes: [String: Int] = [:]
    for (request, status) in recordings {
      let query = request.queryDictionary
      let parts = request.path.split(separator: "/").map(String.init)
      if parts == ["search", "repositories"], let words = query["q"] {
        var command = ":search \(words)"
        if let sort = query["sort"] {
          command += " --sort \(sort) --order \(query["order"] ?? "desc")"
        }
        if let size = query["per_page"], size != "10" { command += " --limit \(size)" }
        var entry = searches[command] ?? (status, 0)
        entry.pages += 1
        if query["page"] == "1" { entry.status = status }
        searches[command] = entry
      } else if parts.count == 3, parts[0] == "repos" {
        repositories["\(parts[1])/\(parts[2])"] = status
      } else if parts.count == 4, parts[0] == "repos", parts[3] == "readme" {
        readmes["\(parts[1])/\(parts[2])"] = status
      }
    }
    func byName(_ lhs: (key: String, value: Int), _ rhs: (key: String, value: Int)) -> Bool {
      lhs.key.lowercased() < rhs.key.lowercased()
    }
    let found = searches.sorted { $0.key < $1.key }.map {
      Entry(command: $0.key, status: $0.value.status, pages: $0.value.pages)
    }
    let opens = repositories.sorted(by: byName).map {
      Entry(command: ":open \($0.key)", status: $0.value, pages: 1, readme: readmes[$0.key])
    }
    let alone = readmes.filter { repositories[$0.key] == nil }.sorted(by: byName).map {
      Entry(command: ":readme \($0.key)", status: $0.value, pages: 1)
    }
    return found + opens + alone
  }
}
