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
    var lines = ["digraph Wiring {", "  node [shape=box];"]
    for node in nodes {
      let label = "\(node.name): \(node.type)".dotEscaped + "\\n" + "\(node.scope)".dotEscaped
      lines.append("  n\(node.id) [label=\"\(label)\"];")
    }
    for edge in edges {
      lines.append("  n\(edge.from) -> n\(edge.to);")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
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
