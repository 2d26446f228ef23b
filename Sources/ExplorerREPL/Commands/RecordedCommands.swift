internal import ExplorerDomain

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
  static func entries(_ recordings: [Recording]) -> [Entry] {
    var searches: [String: (status: Int, pages: Int)] = [:]
    var repositories: [String: Int] = [:]
    var readmes: [String: Int] = [:]
    for recording in recordings {
      switch recording.request {
      case .search(let query):
        let command = search(query)
        var entry = searches[command] ?? (recording.status, 0)
        entry.pages += 1
        if query.page == 1 { entry.status = recording.status }
        searches[command] = entry
      case .repository(let name):
        repositories[name.description] = recording.status
      case .readme(let name):
        readmes[name.description] = recording.status
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

  /// The command that runs `query` from its first page: `:search swift --sort stars --order desc`.
  static func search(_ query: SearchQuery) -> String {
    var command = ":search \(query.text)"
    if let sort = query.sort {
      command += " --sort \(sort.rawValue) --order \(query.order.rawValue)"
    }
    if query.pageSize != 10 { command += " --limit \(query.pageSize)" }
    return command
  }
}
