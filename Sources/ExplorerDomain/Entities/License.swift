/// The licence GitHub detected for a repository.
public struct License: Hashable, Sendable {
  /// GitHub's key for it, such as `mit` or `apache-2.0`.
  public let key: String
  /// Its full name, such as `MIT License`.
  public let name: String
  /// Its SPDX identifier, such as `MIT`; `nil` when GitHub has none (`NOASSERTION` is kept).
  public let spdxID: String?

  /// A licence from GitHub's three names for it.
  public init(key: String, name: String, spdxID: String?) {
    self.key = key
    self.name = name
    self.spdxID = spdxID
  }
}
