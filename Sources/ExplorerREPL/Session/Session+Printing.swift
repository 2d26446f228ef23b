internal import ExplorerDomain
internal import ExplorerPresentation
internal import Wiring

extension Session {
  /// `value` as one line of JSON, with only the fields `--json FIELDS` asked for.
  func jsonLine(_ value: some Encodable) -> String {
    let line = JSONOutput.line(value)
    return jsonFields.map { JSONOutput.selecting($0, in: line) } ?? line
  }

  /// Prints the current screen, or home.
  func printScreen() {
    switch navigator.screen {
    case nil:
      printHome()
    case .search(let model):
      printSearch(model.state, from: 0)
    case .repository(let model):
      guard let detail = model.state.detail else { return }
      if json { return console.out(jsonLine(JSONOutput.repository(detail))) }
      renderer.repository(detail).forEach(console.out)
    case .readme(let model):
      guard let readme = model.state.readme, let name = model.state.name else { return }
      if json { return console.out(jsonLine(JSONOutput.readme(readme, of: name))) }
      printPaged(renderer.readme(readme, of: name))
    }
  }

  func printSearch(_ state: SearchState, from firstRow: Int) {
    if json { return console.out(jsonLine(JSONOutput.search(state, from: firstRow))) }
    let output = renderer.searchOutput(state, from: firstRow)
    output.rows.forEach(console.out)
    output.notes.forEach(console.err)
  }

  func printHome() {
    if json { return console.out(jsonLine(JSONOutput.Home())) }
    console.out(renderer.note("home: :search QUERY to look for repositories, :help for more"))
  }

  /// Prints `lines`, through the pager when they are taller than the terminal.
  func printPaged(_ lines: [String]) {
    if let pager, let rows = Pager.terminalRows, lines.count >= rows {
      console.handOverTerminal()
      if pager.show(lines, path: environment["PATH"]) { return }
    }
    lines.forEach(console.out)
  }

  /// A line of news that is not a screen: on standard output at a terminal, else on standard
  /// error, so that piped output and JSON carry results only.
  func printNotice(_ text: String) {
    let line = renderer.note(text)
    if json || renderer.piped { console.err(line) } else { console.out(line) }
  }

  /// The store mode, after `:mode` switched to it or when `:mode` alone asked for it.
  func printMode(_ mode: StoreMode, changed: Bool) {
    if json {
      return console.out(
        jsonLine(JSONOutput.Mode(mode: mode.rawValue, description: root.describe(mode))))
    }
    let news = changed ? "; screens opened from now on use it" : ""
    console.out(renderer.note("mode: \(root.describe(mode))\(news)"))
  }

  func printFacts() {
    let all =
      [("mode", root.describe(root.mode))] + facts + [("width", "\(renderer.width) columns")]
    if json {
      let facts = Dictionary(all, uniquingKeysWith: { first, _ in first })
      return console.out(jsonLine(JSONOutput.Environment(facts: facts)))
    }
    let width = all.map { $0.0.count }.max() ?? 0
    for (name, value) in all {
      console.out(renderer.style.dim(VisibleWidth.pad(name, to: width)) + "  " + value)
    }
  }

  func printHistory() {
    let lines = earlierLines + lines
    if json { return console.out(jsonLine(JSONOutput.History(lines: lines))) }
    let width = String(lines.count).count
    for (index, line) in lines.enumerated() {
      let number = renderer.style.dim(VisibleWidth.pad("\(index + 1)", to: width, right: true))
      console.out(number + "  " + Sanitizer.line(line))
    }
  }

  func printHelp(_ topic: String?) {
    if json {
      let specs = topic.flatMap(CommandSpec.named).map { [$0] } ?? CommandSpec.all
      return console.out(jsonLine(JSONOutput.help(specs)))
    }
    // Help is prose: it wraps at word boundaries to the terminal, and is printed whole into a
    // file or pipe, whose width nobody knows.
    let lineWidth = renderer.lineWidth ?? .max
    func wrapped(_ text: String, indent: String) -> [String] {
      guard lineWidth != .max else { return [indent + text] }
      return VisibleWidth.wrap(text, to: lineWidth - VisibleWidth.of(indent)).map { indent + $0 }
    }
    if let topic, let spec = CommandSpec.named(topic) {
      wrapped(spec.synopsis, indent: "").forEach { console.out(renderer.style.bold($0)) }
      wrapped(spec.summary, indent: "  ").forEach(console.out)
      let paragraphs = lineWidth == .max ? spec.details : spec.paragraphs
      paragraphs.flatMap { wrapped($0, indent: "  ") }.forEach(console.out)
      return
    }
    console.out("Commands (any unique prefix works, e.g. :s swift, :o 2):")
    let width = CommandSpec.all.map { ":\($0.name)".count }.max() ?? 0
    let hanging = String(repeating: " ", count: width + 4)
    for spec in CommandSpec.all {
      let name = "  " + renderer.style.accent(VisibleWidth.pad(":\(spec.name)", to: width)) + "  "
      let lines =
        lineWidth == .max
        ? [spec.summary]
        : VisibleWidth.wrap(spec.summary, to: lineWidth - hanging.count, indent: "")
      for (index, line) in lines.enumerated() {
        console.out((index == 0 ? name : hanging) + line)
      }
    }
    wrapped(":help COMMAND shows its options. Ctrl-C cancels a request, Ctrl-D quits.", indent: "")
      .forEach { console.out(renderer.note($0)) }
  }

  /// Prints the graph Wiring resolves for the current screen, as a tree, Mermaid or DOT.
  func printDependencies(_ format: Command.GraphFormat) throws(Failure) {
    guard let route = navigator.stack.current else { throw .session(.noGraph) }
    let graph = Self.dependencies(of: route)
    guard !graph.isEmpty else { throw .session(.noGraph) }
    let text =
      switch format {
      case .tree: graph.tree
      case .mermaid: graph.mermaid
      case .dot: graph.dot
      }
    if json { return console.out(jsonLine(JSONOutput.graph(graph, text: text))) }
    // The tree is for reading, so it fits the terminal; Mermaid and DOT are for copying into
    // other tools, so they are printed whole.
    let width = format == .tree ? renderer.lineWidth : nil
    let fitted = { (line: String) in width.map { VisibleWidth.truncate(line, to: $0) } ?? line }
    if format == .tree {
      let title = fitted("Resolved for \(Sanitizer.line(route.title)):")
      console.out(renderer.style.bold(title))
    }
    text.split(separator: "\n", omittingEmptySubsequences: false).map { fitted(String($0)) }
      .reversed().drop { $0.isEmpty }.reversed().forEach(console.out)
  }

  /// What Wiring resolves to build the view model of `route`, recorded when asked, as on the
  /// route's first showing: in a saved state with nothing kept, restored afterwards, so nothing
  /// the app holds changes and navigating records nothing.
  static func dependencies(of route: Route) -> ResolutionGraph {
    let manager = Container.shared.manager
    manager.push()
    defer { manager.pop() }
    manager.reset(options: .scope)
    return manager.recordingGraph { Screen.resolved(for: route) }.graph
  }
}
