extension ResolutionGraph {
  /// The graph as indented text, one line per resolution path, for a terminal.
  ///
  /// Each root is followed by what it resolved, drawn with box-drawing characters. A factory
  /// that already appeared is printed again, marked `(see above)`, without its dependencies, so
  /// shared dependencies and cycles do not repeat.
  ///
  /// ```text
  /// Container.searchViewModel: SearchViewModel [unique]
  /// └─ Container.searchRepositories: SearchRepositoriesUseCase [unique]
  ///    └─ Container.repositoryStore: any RepositoryStore [singleton]
  /// ```
  public var tree: String {
    var lines: [String] = []
    var shown: Set<Int> = []
    let children = Dictionary(grouping: edges, by: \.from).mapValues { $0.map(\.to) }
    func draw(_ id: Int, lead: String, branch: String) {
      let again = !shown.insert(id).inserted
      lines.append(lead + branch + nodes[id].label.singleLine + (again ? " (see above)" : ""))
      guard !again else { return }
      let next = children[id] ?? []
      let indent = lead + (branch == "├─ " ? "│  " : branch.isEmpty ? "" : "   ")
      for (index, child) in next.enumerated() {
        draw(child, lead: indent, branch: index == next.count - 1 ? "└─ " : "├─ ")
      }
    }
    for root in roots { draw(root, lead: "", branch: "") }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The text with line breaks and other control characters shown as spaces, so that one name
  /// stays on one line of a rendering.
  var singleLine: String {
    String(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
  }
}
