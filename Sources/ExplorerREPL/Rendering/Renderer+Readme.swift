internal import ExplorerDomain

extension Renderer {
  /// A README as text, with a heading naming the repository and the file.
  func readme(_ readme: Readme, of name: RepositoryName) -> [String] {
    let heading = style.bold("\(name) · \(Sanitizer.line(readme.fileName))")
    let body = Sanitizer.text(readme.text)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let trimmed = Array(body.reversed().drop { $0.trimmingWhitespace().isEmpty }.reversed())
    return [heading, style.dim(String(repeating: "─", count: min(width, 60)))] + trimmed
      + [style.dim(":back returns to the repository")]
  }
}
