internal import ExplorerPlatform
internal import Foundation

/// The request line and headers of an HTTP/1.1 request.
struct RequestHead {
  let method: String
  let target: String
  let headers: HTTPHeaders

  init?(_ text: String) {
    var lines = text.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    method = String(requestLine[0])
    target = String(requestLine[1])
    var headers = HTTPHeaders()
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let value = line[line.index(after: colon)...].drop { $0 == " " }
      headers[String(line[..<colon])] = String(value)
    }
    self.headers = headers
  }

  /// The request as the fixtures know it, or `nil` when the target does not decode.
  var request: HTTPRequest? {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = percentDecoded(parts[0]) else { return nil }
    var query: [QueryItem] = []
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") {
        let nameAndValue = pair.split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = percentDecoded(nameAndValue[0]),
          let value = percentDecoded(nameAndValue.count == 2 ? nameAndValue[1] : "")
        else { return nil }
        query.append(QueryItem(name, value))
      }
    }
    return HTTPRequest(method: method, path: path, query: query)
  }
}
