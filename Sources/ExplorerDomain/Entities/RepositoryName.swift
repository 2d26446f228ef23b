/// A repository's `owner/name`, the way GitHub addresses it.
///
/// GitHub compares both parts without regard to case, so two names that differ only in case are
/// equal here too.
///
/// ```swift
/// let name = RepositoryName("apple/swift")   // owner "apple", name "swift"
/// ```
public struct RepositoryName: Hashable, Sendable, CustomStringConvertible {
  /// The account that owns the repository, a user or an organization.
  public let owner: String
  /// The repository's own name, without `.git`.
  public let name: String

  /// A name from its two parts.
  public init(owner: String, name: String) {
    self.owner = owner
    self.name = name
  }

  /// Parses `owner/name`; `nil` unless it is exactly two non-empty parts of allowed characters.
  ///
  /// GitHub allows letters, digits, `-`, `_` and `.` in both parts; a trailing `.git` is
  /// dropped, as GitHub does.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    var name = Substring(parts[1])
    if name.hasSuffix(".git") { name = name.dropLast(4) }
    guard Self.isValidPart(parts[0]), Self.isValidPart(name) else { return nil }
    self.init(owner: String(parts[0]), name: String(name))
  }

  /// `owner/name`.
  public var description: String { "\(owner)/\(name)" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.owner.lowercased() == rhs.owner.lowercased()
      && lhs.name.lowercased() == rhs.name.lowercased()
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(owner.lowercased())
    hasher.combine(name.lowercased())
  }

  private static func isValidPart(_ part: some StringProtocol) -> Bool {
    !part.isEmpty && part != "." && part != ".."
      && part.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
      }
  }
}
