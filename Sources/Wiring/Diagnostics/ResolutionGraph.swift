/// The dependency graph a container actually resolved: which factories ran, and which factory
/// resolved which.
///
/// Record one with ``ContainerManager/recordingGraph(_:)``, then print it as an indented
/// ``tree``, as ``mermaid`` or as Graphviz ``dot``:
///
/// ```swift
/// let (model, graph) = Container.shared.manager.recordingGraph {
///   Container.shared.searchViewModel()
/// }
/// print(graph.tree)
/// ```
///
/// A node is a factory, or one argument of a `ParameterFactory`; an edge goes from the factory
/// being built to each factory it resolved while building. A factory resolved again is the same
/// node, with its ``Node/builds`` and ``Node/reuses`` counted.
public struct ResolutionGraph: Sendable, Hashable, CustomStringConvertible {
  /// A factory that resolved at least once during the recording.
  public struct Node: Sendable, Hashable, Identifiable {
    /// The node's position in ``ResolutionGraph/nodes``, in order of first resolution.
    public let id: Int
    /// The factory, spelled `Container.api`.
    public let key: String
    /// The type the factory produces, as Swift prints it.
    public let type: String
    /// The scope of its first resolution in the recording.
    public let scope: Scope
    /// The argument of a `ParameterFactory`, as Swift prints it; nil for other factories.
    public let parameter: String?
    /// How many resolutions ran its builder.
    public internal(set) var builds: Int
    /// How many resolutions returned a kept instance or waited for one being built.
    public internal(set) var reuses: Int

    /// The key, with the argument in parentheses for a `ParameterFactory`: `Container.user(42)`.
    public var name: String {
      parameter.map { "\(key)(\($0))" } ?? key
    }
  }

  /// "`from` resolved `to` while it was being built."
  public struct Edge: Sendable, Hashable {
    /// The ``Node/id`` of the factory being built.
    public let from: Int
    /// The ``Node/id`` of the factory it resolved.
    public let to: Int

    /// Makes an edge between two node identifiers.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// Every factory resolved, in order of first resolution; a node's ``Node/id`` is its index.
  public let nodes: [Node]
  /// Every distinct edge, in order of first resolution.
  public let edges: [Edge]
  /// The nodes resolved from outside any factory (by the recorded code itself), in order.
  public let roots: [Int]

  /// The factories `node` resolved, in order of first resolution.
  public func dependencies(of node: Int) -> [Node] {
    edges.filter { $0.from == node }.map { nodes[$0.to] }
  }

  /// Whether nothing resolved during the recording.
  public var isEmpty: Bool { nodes.isEmpty }

  /// The ``tree``.
  public var description: String { tree }
}

extension ResolutionGraph.Node {
  /// `Container.user(42): User [cached]`: what the renderings print for a node.
  var label: String { "\(name): \(type) [\(scope)]" }
}

extension ResolutionGraph {
  /// A text format's lines, joined: `opening`, a line per node, a line per edge, `closing`.
  func lines(
    opening: [String], node: (Node) -> String, edge: (Edge) -> String, closing: [String] = []
  ) -> String {
    (opening + nodes.map(node) + edges.map(edge) + closing).joined(separator: "\n")
  }
}

extension ResolutionGraph {
  /// The graph in Graphviz DOT, to render with `dot -Tsvg`.
  ///
  /// Labels are quoted strings with backslashes, quotes and line breaks escaped, so any key,
  /// type or argument renders as written.
  ///
  /// ```swift
  /// try graph.dot.write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// ```
  public var dot: String {
    lines(
      opening: ["digraph Wiring {", "  node [shape=box];"],
      node: { node in
        let name = "\(node.name): \(node.type)".dotEscaped
        let scope = "\(node.scope)".dotEscaped
        return "  n\(node.id) [label=\"\(name)\\n\(scope)\"];"
      },
      edge: { "  n\($0.from) -> n\($0.to);" },
      closing: ["}"])
  }
}

extension String {
  /// The text as the inside of a DOT quoted string: `\` and `"` escaped, line breaks as `\n`.
  var dotEscaped: String {
    var escaped = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n", "\r": escaped += "\\n"
      case _ where scalar.properties.generalCategory == .control: escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

extension ResolutionGraph {
  /// The graph as a Mermaid flowchart, top to bottom, for Markdown that renders Mermaid.
  ///
  /// Every label is quoted, and the characters Mermaid would read as syntax or markup (quotes,
  /// `<`, `>`, `&`, `#`, backticks, line breaks) are written as Mermaid entity codes, so any key,
  /// type or argument renders as written.
  ///
  /// ```swift
  /// print("```mermaid\n\(graph.mermaid)\n```")
  /// ```
  public var mermaid: String {
    lines(
      opening: ["flowchart TD"],
      node: { node in
        let name = "\(node.name): \(node.type)".mermaidEscaped
        let scope = "\(node.scope)".mermaidEscaped
        return "  n\(node.id)[\"\(name)<br/>\(scope)\"]"
      },
      edge: { "  n\($0.from) --> n\($0.to)" })
  }
}

extension String {
  /// The text as the inside of a quoted Mermaid label: syntax characters as `#code;` entities.
  var mermaidEscaped: String {
    var escaped = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"", "#", "<", ">", "&", "`", "|", "\\":
        escaped += "#\(scalar.value);"
      case _ where scalar.properties.generalCategory == .control:
        escaped += "#\(scalar.value);"
      default:
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

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
  ///    └─ Container.repositoryStore: RepositoryStore [cached]
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

/// Collects the resolutions one recording sees into a ``ResolutionGraph``.
///
/// The recorder is bound to a task-local value while the recorded code runs, so it sees that
/// code's resolutions, those of the child tasks it creates, and nothing from other tasks or
/// threads. Recordings nest: each recorder remembers the one that enclosed it.
final class GraphRecorder: Sendable {
  @TaskLocal static var current: GraphRecorder?

  /// The observation of the container whose resolutions this recorder collects.
  private let observation: Watchers
  private let enclosing: GraphRecorder?
  private let builder = Locked(GraphBuilder())

  init(observing observation: Watchers, enclosing: GraphRecorder?) {
    self.observation = observation
    self.enclosing = enclosing
  }

  /// The recorders, this one and those enclosing it, that collect for `observation`.
  func recorders(for observation: Watchers) -> [GraphRecorder] {
    var found: [GraphRecorder] = []
    var next: GraphRecorder? = self
    while let recorder = next {
      if recorder.observation === observation { found.append(recorder) }
      next = recorder.enclosing
    }
    return found
  }

  func record(_ event: ResolutionEvent, node: GraphNodeIdentity, parent: GraphNodeIdentity?) {
    builder.withLock { $0.add(event, node: node, parent: parent) }
  }

  /// Ends the recording: what arrives later (from a task that outlived it) is ignored.
  func finish() -> ResolutionGraph {
    builder.withLock { builder in
      builder.isFinished = true
      return ResolutionGraph(nodes: builder.nodes, edges: builder.edges, roots: builder.roots)
    }
  }
}

/// The graph so far, with indexes that keep adding a node or an edge cheap.
private struct GraphBuilder {
  var nodes: [ResolutionGraph.Node] = []
  var edges: [ResolutionGraph.Edge] = []
  var roots: [Int] = []
  var isFinished = false
  private var ids: [GraphNodeIdentity: Int] = [:]
  private var edgeSet: Set<ResolutionGraph.Edge> = []
  private var rootSet: Set<Int> = []

  mutating func add(
    _ event: ResolutionEvent, node: GraphNodeIdentity, parent: GraphNodeIdentity?
  ) {
    guard !isFinished else { return }
    let id = ids[node] ?? insert(event, node)
    if event.outcome == .built {
      nodes[id].builds += 1
    } else {
      nodes[id].reuses += 1
    }
    if let parent, let from = ids[parent] {
      let edge = ResolutionGraph.Edge(from: from, to: id)
      if edgeSet.insert(edge).inserted { edges.append(edge) }
    } else if rootSet.insert(id).inserted {
      roots.append(id)
    }
  }

  private mutating func insert(_ event: ResolutionEvent, _ node: GraphNodeIdentity) -> Int {
    let id = nodes.count
    nodes.append(
      ResolutionGraph.Node(
        id: id, key: event.key, type: event.type, scope: event.scope,
        parameter: event.parameter, builds: 0, reuses: 0))
    ids[node] = id
    return id
  }
}

extension ContainerManager {
  /// Runs `body` and returns what it returned with the graph of this container's resolutions
  /// that it made.
  ///
  /// ```swift
  /// let (model, graph) = Container.shared.manager.recordingGraph {
  ///   Container.shared.searchViewModel()
  /// }
  /// print(graph.tree)
  /// ```
  ///
  /// The graph holds the resolutions `body` makes on its own thread, synchronously. Resolutions on
  /// other threads (dispatch queues, detached tasks) or of other containers are not in it, even
  /// while `body` runs. While a recording is in progress, every resolution of this container
  /// takes the locked path.
  public func recordingGraph<Value>(
    _ body: () throws -> Value
  ) rethrows -> (value: Value, graph: ResolutionGraph) {
    let recorder = beginRecording()
    do {
      let value = try GraphRecorder.$current.withValue(recorder) { try body() }
      return (value, endRecording(recorder))
    } catch {
      _ = endRecording(recorder)
      throw error
    }
  }

  /// Runs async `body` and returns what it returned with the graph of this container's
  /// resolutions that it made, including those of the child tasks it awaits.
  ///
  /// ```swift
  /// let (results, graph) = await Container.shared.manager.recordingGraph {
  ///   let model = Container.shared.searchViewModel()
  ///   return await model.search("swift")
  /// }
  /// print(graph.mermaid)
  /// ```
  ///
  /// The recording follows `body`'s task: what it resolves before and after each `await`, and
  /// what its child tasks (`async let`, task groups) and the `Task { }`s it creates resolve,
  /// while the recording lasts. Detached tasks, other threads (a `DispatchQueue`, a `Thread`) and
  /// other tasks are not recorded, even while `body` runs.
  public func recordingGraph<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Value
  ) async rethrows -> (value: Value, graph: ResolutionGraph) {
    let recorder = beginRecording()
    do {
      let value = try await GraphRecorder.$current.withValue(recorder) { try await body() }
      return (value, endRecording(recorder))
    } catch {
      _ = endRecording(recorder)
      throw error
    }
  }

  private func beginRecording() -> GraphRecorder {
    let recorder = GraphRecorder(observing: observation, enclosing: GraphRecorder.current)
    observation.changeRecordings(by: 1)
    observationChanged()
    return recorder
  }

  private func endRecording(_ recorder: GraphRecorder) -> ResolutionGraph {
    observation.changeRecordings(by: -1)
    observationChanged()
    return recorder.finish()
  }
}
