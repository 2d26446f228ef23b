internal import Foundation

/// GitHub's `Link` header: `<url>; rel="next", <url>; rel="last"`.
struct LinkHeader: Equatable {
  /// The target of each relation, by relation name (`next`, `prev`, `first`, `last`).
  let targets: [String: String]

  /// Parses every `<target>; rel="…"` entry it can, skipping any it cannot.
  init(_ header: String) {
    var targets: [String: String] = [:]
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      let target = String(rest[rest.index(after: open)..<close])
      rest = rest[rest.index(after: close)...]
      let end = rest.firstIndex(of: "<") ?? rest.endIndex
      for parameter in rest[..<end].split(separator: ";") {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "rel" else {
          continue
        }
        let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,\""))
        for relation in value.split(separator: " ") { targets[String(relation)] = target }
      }
      rest = rest[end...]
    }
    self.targets = targets
  }

  /// The `page` query parameter of the `relation` target, if it has one.
  func page(of relation: String) -> Int? {
    guard let target = targets[relation], let query = target.split(separator: "?").dropFirst().first
    else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == "page" { return Int(parts[1]) }
    }
    return nil
  }
}
