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
