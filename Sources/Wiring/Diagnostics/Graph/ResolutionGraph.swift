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
