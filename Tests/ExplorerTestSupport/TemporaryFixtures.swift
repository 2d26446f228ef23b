package import Foundation

/// A fixtures folder of a test's own, removed when the test is done with it.
///
/// ```swift
/// let fixtures = try TemporaryFixtures()
/// try fixtures.write("search/x.json", path: "/search/repositories", query: ["q": "x"],
///                    status: 200, body: #"{"total_count":0,"incomplete_results":false,"items":[]}"#)
/// ```
package final class TemporaryFixtures: Sendable {
  /// The folder.
  package let folder: URL

  package init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-fixtures-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Writes one exchange; `body` is JSON text put in as it is.
  package func write(
    _ file: String, method: String = "GET", path: String, query: [String: String] = [:],
    status: Int, headers: [String: String] = [:], body: String
  ) throws {
    func json(_ value: some Encodable) throws -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
    let text = """
      {"request": {"method": \(try json(method)), "path": \(try json(path)), \
      "query": \(try json(query))},
       "response": {"status": \(status), "headers": \(try json(headers)), "body": \(body)}}
      """
    try writeRaw(file, text)
  }

  /// Writes `text` to `file` exactly, for files that are meant to be broken.
  package func writeRaw(_ file: String, _ text: String) throws {
    let url = folder.appendingPathComponent(file)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Copies one file of the bundled fixtures, under the same relative path.
  package func copyBundled(_ file: String) throws {
    let data = try Data(contentsOf: BundledFixtures.folder.appendingPathComponent(file))
    try writeRaw(file, String(decoding: data, as: UTF8.self))
  }

  /// The text of `file`, relative to the folder.
  package func read(_ file: String) throws -> String {
    String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
  }

  /// Every JSON file under the folder, relative to it, sorted.
  package var files: [String] {
    (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
  }
}
