/// Collects the resolutions one recording sees into a ``ResolutionGraph``.
///
/// The recorder is bound to a task-local value while the recorded code runs, so it sees that
/// code's resolutions, those of the child tasks it creates, and nothing from other tasks or
/// threads. Recordings nest: each recorder remembers the one that enclosed it.
final class GraphRecorder: Sendable {
  @TaskLocal static var current: GraphRecorder?

  /// The observation of the container whose resolutions this recorder collects.
  private let observation: Observation
  private let enclosing: GraphRecorder?
  private let builder = Locked(GraphBuilder())

  init(observing observation: Observation, enclosing: GraphRecorder?) {
    self.observation = observation
    self.enclosing = enclosing
  }

  /// The recorders, this one and those enclosing it, that collect for `observation`.
  func recorders(for observation: Observation) -> [GraphRecorder] {
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
