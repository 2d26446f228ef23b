internal import ExplorerDomain

extension Renderer {
  /// A README as text, with a heading naming the repository and the file.
  ///
  /// With colour on, Markdown headings print bold and fenced code dim; the text itself is never
  /// changed, so it reads the same piped.
  func readme(_ readme: Readme, of name: RepositoryName) -> [String] {
    let heading = style.bold("\(name) · \(Sanitizer.line(readme.fileName))")
    let body = Sanitizer.text(readme.text)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let trimmed = Array(body.reversed().drop { $0.trimmingWhitespace().isEmpty }.reversed())
    return [heading, style.dim(String(repeating: "─", count: min(width, 60)))]
      + markdown(trimmed) + [style.dim(":back returns to the repository")]
  }

  private func markdown(_ lines: [String]) -> [String] {
    var inCode = false
    return lines.map { line in
      let text = line.trimmingWhitespace()
      if text.hasPrefix("```") || text.hasPrefix("~~~") {
        inCode.toggle()
        return style.dim(line)
      }
      if inCode { return style.dim(line) }
      if text.hasPrefix("#") { return style.bold(line) }
      return line
    }
  }
}
