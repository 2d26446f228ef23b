package import ExplorerDomain
package import Foundation

/// Every exchange recorded under a fixtures folder, ready to answer requests.
///
/// Loading checks each file's envelope (request and response) and refuses the whole folder on
/// the first file that is not an exchange, naming the file and the JSON path; a body is checked
/// when a request uses it, against what that request expects.
package struct ExchangeArchive: Sendable {
  /// The folder as the user named it, for messages.
  let folderName: String
  let exchanges: [RequestKey: Exchange]

  /// Loads every `*.json` file under `folder`, in any subfolder.
  package static func load(from folder: URL) throws(ExplorerError) -> ExchangeArchive {
    let folderName = folder.relativePath
    let files = try jsonFiles(in: folder)
    var exchanges: [RequestKey: Exchange] = [:]
    for file in files {
      let data: Data
      do {
        data = try Data(contentsOf: folder.appendingPathComponent(file))
      } catch {
        throw .malformedFixture(file: file, jsonPath: "(root)", reason: "cannot be read: \(error)")
      }
      let exchange = try Exchange(file: file, data: data)
      if let earlier = exchanges[exchange.key] {
        throw .malformedFixture(
          file: file, jsonPath: "request", reason: "records the same request as \(earlier.file)")
      }
      exchanges[exchange.key] = exchange
    }
    return ExchangeArchive(folderName: folderName, exchanges: exchanges)
  }

  /// The recorded response to `request`.
  ///
  /// - Throws: `ExplorerError.noRecording` naming the request and the folder.
  package func response(to request: HTTPRequest) throws(ExplorerError) -> HTTPResponse {
    guard let exchange = exchanges[RequestKey(request)] else {
      throw .noRecording(request: request.description, folder: folderName)
    }
    return exchange.response
  }

  /// Each recorded request with the file that answers it, sorted by file.
  package var recordings: [(file: String, request: HTTPRequest)] {
    exchanges.values.sorted { $0.file < $1.file }.map { exchange in
      let query = exchange.key.query.sorted { $0.key < $1.key }.map { QueryItem($0.key, $0.value) }
      return (
        exchange.file,
        HTTPRequest(method: exchange.key.method, path: exchange.key.path, query: query)
      )
    }
  }

  /// Relative paths of the JSON files under `folder`, sorted so loading is deterministic.
  private static func jsonFiles(in folder: URL) throws(ExplorerError) -> [String] {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw .fixturesUnavailable(folder: folder.relativePath, reason: "there is no such folder")
    }
    guard let paths = manager.subpaths(atPath: folder.path) else {
      throw .fixturesUnavailable(folder: folder.relativePath, reason: "it cannot be listed")
    }
    return paths.filter { $0.hasSuffix(".json") }.sorted()
  }
}
