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
    var lines = ["flowchart TD"]
    for node in nodes {
      let label =
        "\(node.name): \(node.type)".mermaidEscaped + "<br/>"
        + "\(node.scope)"
        .mermaidEscaped
      lines.append("  n\(node.id)[\"\(label)\"]")
    }
    for edge in edges {
      lines.append("  n\(edge.from) --> n\(edge.to)")
    }
    return lines.joined(separator: "\n")
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
