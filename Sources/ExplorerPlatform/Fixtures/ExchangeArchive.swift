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
        throw .malformedFixture(
          file: file, jsonPath: "(root)", reason: "cannot be read: \(readFailure(error))")
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
    if let exchange = exchanges[RequestKey(request)] { return exchange.response }
    if let shorter = firstPageShortened(for: request) { return shorter }
    throw .noRecording(request: request.description, folder: folderName)
  }

  /// A search's first page with fewer results than a recording of the same search has: the
  /// first `per_page` of its items, which is what GitHub answers, since the order of results
  /// does not depend on the page size. Nil for anything else.
  private func firstPageShortened(for request: HTTPRequest) -> HTTPResponse? {
    var query = request.queryDictionary
    guard request.path.lowercased() == "/search/repositories", query["page"] == "1",
      let limit = query["per_page"].flatMap(Int.init), limit > 0
    else { return nil }
    let longer = exchanges.values.compactMap { exchange -> (Int, Exchange)? in
      query["per_page"] = exchange.key.query["per_page"]
      guard exchange.key == RequestKey(method: request.method, path: request.path, query: query),
        let size = exchange.key.query["per_page"].flatMap(Int.init), size > limit,
        exchange.response.status == 200
      else { return nil }
      return (size, exchange)
    }.min { $0.0 < $1.0 }
    guard let (size, exchange) = longer,
      var body = (try? JSONSerialization.jsonObject(with: exchange.response.body))
        as? [String: Any],
      let items = body["items"] as? [Any],
      let data = try? JSONSerialization.data(
        withJSONObject: {
          body["items"] = Array(items.prefix(limit))
          return body
        }())
    else { return nil }
    var response = exchange.response
    response.body = data
    if let link = response.headers["Link"] {
      response.headers["Link"] = link.replacingOccurrences(
        of: "per_page=\(size)", with: "per_page=\(limit)")
    }
    return response
  }

  /// Each recorded request with the HTTP status of its answer, sorted by file.
  package var answeredRequests: [(request: HTTPRequest, status: Int)] {
    exchangesByFile.map { ($0.request, $0.response.status) }
  }

  /// Each recorded request with the file that answers it, sorted by file.
  package var recordings: [(file: String, request: HTTPRequest)] {
    exchangesByFile.map { ($0.file, $0.request) }
  }

  private var exchangesByFile: [Exchange] {
    exchanges.values.sorted { $0.file < $1.file }
  }

  /// Why a file could not be read, in a few words ("permission denied"), without Foundation's
  /// error domains and codes.
  private static func readFailure(_ error: any Error) -> String {
    switch (error as? CocoaError)?.code {
    case .fileReadNoSuchFile?: return "there is no such file"
    case .fileReadNoPermission?: return "permission denied"
    default: break
    }
    var error = error as NSError
    while error.domain != NSPOSIXErrorDomain,
      let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    {
      error = underlying
    }
    guard error.domain == NSPOSIXErrorDomain, let message = strerror(Int32(error.code)) else {
      return error.localizedDescription
    }
    return String(cString: message).lowercased()
  }

  /// Relative paths of the JSON files under `folder`, sorted so loading is deterministic; a
  /// folder whose name ends in `.json` is not one (the files in it are listed themselves).
  private static func jsonFiles(in folder: URL) throws(ExplorerError) -> [String] {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw .fixturesUnavailable(folder: folder.relativePath, reason: "there is no such folder")
    }
    guard let paths = manager.subpaths(atPath: folder.path) else {
      throw .fixturesUnavailable(folder: folder.relativePath, reason: "it cannot be listed")
    }
    return paths.filter { path in
      var isFolder: ObjCBool = false
      return path.hasSuffix(".json")
        && !(manager.fileExists(
          atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
          && isFolder.boolValue)
    }.sorted()
  }
}
