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
