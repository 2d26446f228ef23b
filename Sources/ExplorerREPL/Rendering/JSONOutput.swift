internal import ExplorerDomain
internal import ExplorerPresentation
internal import Foundation
internal import Wiring

/// What `--json` prints for each screen: one JSON object per line, keys sorted, dates in ISO 8601.
enum JSONOutput {
  struct Row: Encodable {
    let row: Int
    let fullName: String
    let description: String?
    let stars: Int
    let forks: Int
    let language: String?
    let topics: [String]
    let archived: Bool
    let updatedAt: Date?
    let url: URL?
  }

  struct Search: Encodable {
    let screen = "search"
    let query: String
    let totalCount: Int
    let incompleteResults: Bool
    let hasMore: Bool
    let items: [Row]
  }

  struct Repository: Encodable {
    let screen = "repository"
    let fullName: String
    let description: String?
    let stars: Int
    let forks: Int
    let watchers: Int
    let openIssues: Int
    let language: String?
    let license: String?
    let topics: [String]
    let archived: Bool
    let fork: Bool
    let parent: String?
    let createdAt: Date?
    let updatedAt: Date?
    let pushedAt: Date?
    let homepage: URL?
    let url: URL?
    let readme: String?
  }

  struct ReadmeText: Encodable {
    let screen = "readme"
    let fullName: String
    let fileName: String
    let text: String
  }

  struct Graph: Encodable {
    struct Node: Encodable {
      let id: Int
      let key: String
      let type: String
      let scope: String
      let parameter: String?
      let builds: Int
      let reuses: Int
    }
    struct Edge: Encodable {
      let from: Int
      let to: Int
    }
    let screen = "deps"
    let nodes: [Node]
    let edges: [Edge]
    let roots: [Int]
    let text: String
  }

  struct Home: Encodable {
    let screen = "home"
  }

  struct Help: Encodable {
    struct Entry: Encodable {
      let name: String
      let usage: String
      let summary: String
      let details: [String]
    }
    let screen = "help"
    let commands: [Entry]
  }

  struct Environment: Encodable {
    let screen = "env"
    let facts: [String: String]
  }

  struct History: Encodable {
    let screen = "history"
    let lines: [String]
  }

  struct Recordings: Encodable {
    struct Entry: Encodable {
      let command: String
      let status: Int
      let pages: Int
      let readmeStatus: Int?
    }
    let screen = "recordings"
    let folder: String
    let commands: [Entry]
  }

  struct Web: Encodable {
    let screen = "web"
    let url: String
    let opened: Bool
  }

  struct Mode: Encodable {
    let screen = "mode"
    let mode: String
    let description: String
  }

  static func help(_ specs: [CommandSpec]) -> some Encodable {
    Help(
      commands: specs.map {
        Help.Entry(name: $0.name, usage: $0.usage, summary: $0.summary, details: $0.details)
      })
  }

  static func search(_ state: SearchState, from firstRow: Int = 0) -> some Encodable {
    Search(
      query: state.query?.text ?? "", totalCount: state.totalCount,
      incompleteResults: state.isIncomplete, hasMore: state.canLoadMore,
      items: state.items.enumerated().dropFirst(firstRow).map { offset, item in
        Row(
          row: offset + 1, fullName: item.name.description, description: item.description,
          stars: item.stars, forks: item.forks, language: item.language, topics: item.topics,
          archived: item.isArchived, updatedAt: item.updatedAt, url: item.htmlURL)
      })
  }

  static func repository(_ detail: RepositoryDetail) -> some Encodable {
    let summary = detail.summary
    return Repository(
      fullName: summary.name.description, description: summary.description,
      stars: summary.stars, forks: summary.forks, watchers: detail.subscribers ?? detail.watchers,
      openIssues: summary.openIssues, language: summary.language,
      license: summary.license?.spdxID ?? summary.license?.name, topics: summary.topics,
      archived: summary.isArchived, fork: summary.isFork, parent: detail.parent?.description,
      createdAt: summary.createdAt, updatedAt: summary.updatedAt, pushedAt: summary.pushedAt,
      homepage: detail.homepage, url: summary.htmlURL, readme: detail.readme?.fileName)
  }

  static func readme(_ readme: Readme, of name: RepositoryName) -> some Encodable {
    ReadmeText(fullName: name.description, fileName: readme.fileName, text: readme.text)
  }

  static func graph(_ graph: ResolutionGraph, text: String) -> some Encodable {
    Graph(
      nodes: graph.nodes.map {
        Graph.Node(
          id: $0.id, key: $0.key, type: $0.type, scope: $0.scope.description,
          parameter: $0.parameter, builds: $0.builds, reuses: $0.reuses)
      },
      edges: graph.edges.map { Graph.Edge(from: $0.from, to: $0.to) }, roots: graph.roots,
      text: text)
  }

  /// Every field a screen's JSON has, as `--json FIELDS` may name them.
  static let fields: Set<String> = [
    "archived", "builds", "command", "commands", "created_at", "description", "edges",
    "facts", "file_name", "fork", "forks", "from", "full_name", "has_more", "homepage", "id",
    "incomplete_results", "items", "key", "language", "license", "lines", "mode", "nodes",
    "open_issues", "opened", "pages", "parameter", "parent", "pushed_at", "query", "readme",
    "readme_status", "reuses", "roots", "row", "scope", "stars", "status", "text", "to",
    "topics", "total_count", "type", "updated_at", "url", "usage", "watchers", "name",
    "summary", "details", "folder",
  ]

  /// `line`, one JSON object, with only `fields` kept, and `screen`, which says what a line is.
  ///
  /// An array of objects (a search's `items`) named in `fields` stays whole; otherwise its
  /// objects keep the fields asked for: `--json full_name,stars` gives each row those two.
  static func selecting(_ fields: Set<String>, in line: String) -> String {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    else { return line }
    func keep(_ object: [String: Any], isLine: Bool) -> [String: Any] {
      var kept: [String: Any] = [:]
      for (key, value) in object {
        if fields.contains(key) || (isLine && key == "screen") {
          kept[key] = value
        } else if let rows = value as? [[String: Any]] {
          let selected = rows.map { keep($0, isLine: false) }
          if selected.contains(where: { !$0.isEmpty }) { kept[key] = selected }
        }
      }
      return kept
    }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: keep(object, isLine: true), options: [.sortedKeys, .withoutEscapingSlashes])
    else { return line }
    return String(decoding: data, as: UTF8.self)
  }

  /// `value` as one line of JSON.
  static func line(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
