internal import ExplorerDomain

extension Renderer {
  /// A README, with a heading naming the repository and the file.
  ///
  /// On a terminal its Markdown is laid out (see `MarkdownRendering`); piped, the text prints
  /// as written, so that it can be saved or searched.
  func readme(_ readme: Readme, of name: RepositoryName) -> [String] {
    let heading = style.bold("\(name) · \(Sanitizer.line(readme.fileName))")
    let body = Sanitizer.text(readme.text)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let trimmed = Array(body.reversed().drop { $0.trimmingWhitespace().isEmpty }.reversed())
    let text = piped ? trimmed : MarkdownRendering(style: style, width: lineWidth).lines(trimmed)
    return [heading, style.dim(String(repeating: "─", count: min(width, 60)))]
      + text + [style.dim(":back returns to the repository")]
  }
}
