internal import ExplorerDomain
internal import Foundation

/// Writes exchanges as fixture files: one file per request, named after it, in the format of
/// the fixtures folder.
///
/// Request headers are never written, so neither is the token; the token is also blanked out
/// of anything it appears in, and headers that describe the transfer rather than the answer
/// (`Content-Encoding`, `Content-Length`, cookies, …) are left out so a replay stays valid.
struct ExchangeRecorder: Sendable {
  let folder: URL
  /// The token to blank out wherever it might appear.
  let token: GitHubToken?

  /// Headers that would be wrong or sensitive in a replay.
  static let droppedHeaders = HTTPHeaders.transferHeaderNames.union([
    "set-cookie", "authorization", "date", "vary", "strict-transport-security",
  ])

  func record(_ request: HTTPRequest, _ response: HTTPResponse) throws(ExplorerError) {
    let spelled = Self.existingFile(spelling: Self.relativePath(for: request), in: folder)
    let file = Self.freeFile(for: RequestKey(request), preferring: spelled, in: folder)
    let url = folder.appendingPathComponent(file)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(fileText(request, response).utf8).write(to: url, options: .atomic)
    } catch {
      throw .recordingFailed(file: url.relativePath, reason: error.localizedDescription)
    }
  }

  /// The whole file: the envelope, with GitHub's body kept byte for byte when it is JSON.
  func fileText(_ request: HTTPRequest, _ response: HTTPResponse) -> String {
    let query = request.query.map { ($0.name, $0.value) }
    let headers = response.headers.filter { !Self.droppedHeaders.contains($0.name.lowercased()) }
      .map { ($0.name, $0.value) }
    let text = """
      {
        "request": {
          "method": \(Self.quoted(request.method)),
          "path": \(Self.quoted(request.path)),
          "query": \(Self.object(query, indent: "    "))
        },
        "response": {
          "status": \(response.status),
          "headers": \(Self.object(headers, indent: "    ")),
          "body": \(body(response.body))
        }
      }

      """
    return redacted(text)
  }

  /// The body as it came when it is JSON, `null` when empty, else as one JSON string.
  private func body(_ data: Data) -> String {
    guard !data.isEmpty else { return "null" }
    let text = String(decoding: data, as: UTF8.self)
    if (try? JSONParser.parse(data)) != nil {
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return Self.quoted(text)
  }

  private func redacted(_ text: String) -> String {
    guard let token, !token.value.isEmpty else { return text }
    return text.replacingOccurrences(of: token.value, with: "[redacted]")
  }

  /// `search/swift.per-10.page-1.json`, `repos/apple/swift/repository.json`, `…/readme.json`.
  /// The file already in `folder` whose path differs from `relativePath` only in case, or
  /// `relativePath` itself: GitHub ignores the case of owner and repository names, so recording
  /// `Apple/Swift` over a folder that has `apple/swift` overwrites that file instead of adding a
  /// second recording of the same request.
  static func existingFile(spelling relativePath: String, in folder: URL) -> String {
    var found: [String] = []
    var directory = folder
    for component in relativePath.split(separator: "/").map(String.init) {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      let match =
        entries.contains(component)
        ? component : entries.first { $0.lowercased() == component.lowercased() } ?? component
      found.append(match)
      directory = directory.appendingPathComponent(match)
    }
    return found.joined(separator: "/")
  }

  /// `preferred`, unless it already records another request (two queries can share a name:
  /// `stars:>5` and `stars:<5`), in which case the first of `NAME~2.json`, `NAME~3.json`, …
  /// that is free or records this same request. Recording never overwrites another request.
  static func freeFile(
    for key: RequestKey, preferring preferred: String, in folder: URL
  ) -> String {
    let stem = preferred.hasSuffix(".json") ? String(preferred.dropLast(5)) : preferred
    var candidate = preferred
    var number = 1
    while let data = try? Data(contentsOf: folder.appendingPathComponent(candidate)),
      let recorded = try? Exchange(file: candidate, data: data), recorded.key != key
    {
      number += 1
      candidate = "\(stem)~\(number).json"
    }
    return candidate
  }

  static func relativePath(for request: HTTPRequest) -> String {
    let parts = request.path.split(separator: "/").map { pathComponent(String($0)) }
    let query = request.queryDictionary
    if request.path == "/search/repositories" {
      var name = slug(query["q"] ?? "")
      if let sort = query["sort"] { name += ".\(slug(sort))-\(slug(query["order"] ?? "desc"))" }
      let known: Set = ["q", "sort", "order", "per_page", "page"]
      for key in query.keys.sorted() where !known.contains(key) {
        name += ".\(slug(key))-\(slug(query[key] ?? ""))"
      }
      name += ".per-\(slug(query["per_page"] ?? "30")).page-\(slug(query["page"] ?? "1"))"
      return "search/\(name).json"
    }
    if parts.count == 3, parts[0] == "repos" {
      return "repos/\(parts[1])/\(parts[2])/repository.json"
    }
    let suffix = query.keys.sorted().map { ".\(slug($0))-\(slug(query[$0] ?? ""))" }.joined()
    return parts.joined(separator: "/") + suffix + ".json"
  }

  /// A path segment as it is when it is safe in a file name (GitHub's names are), else its slug.
  static func pathComponent(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "-_.".unicodeScalars.contains($0))
    }
    return safe && text != "." && text != ".." ? text : slug(text)
  }

  /// Letters and digits kept (in any script), everything else folded into single dashes.
  static func slug(_ text: String) -> String {
    var slug = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber || character == "_" {
        slug.append(character)
      } else if !slug.isEmpty, slug.last != "-" {
        slug.append("-")
      }
    }
    while slug.last == "-" { slug.removeLast() }
    return slug.isEmpty ? "_" : String(slug.prefix(80))
  }

  private static func quoted(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func object(_ pairs: [(String, String)], indent: String) -> String {
    guard !pairs.isEmpty else { return "{}" }
    let lines = pairs.map { "\(indent)  \(quoted($0.0)): \(quoted($0.1))" }
    return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
  }
}
