/// A repository's README, decoded to text.
public struct Readme: Hashable, Sendable {
  /// Its file name, such as `README.md`.
  public let fileName: String
  /// Its path in the repository.
  public let path: String
  /// Its contents as text (Markdown, reStructuredText, plain text, …).
  public let text: String

  /// A README from its name, path and text.
  public init(fileName: String, path: String, text: String) {
    self.fileName = fileName
    self.path = path
    self.text = text
  }
}
