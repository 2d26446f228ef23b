internal import ExplorerDomain
internal import Foundation

/// One recorded exchange: the request it answers and the response to give.
struct Exchange: Sendable {
  /// The file it came from, relative to the fixtures folder.
  let file: String
  let key: RequestKey
  let response: HTTPResponse

  /// The request it answers, its query sorted by name.
  var request: HTTPRequest {
    let query = key.query.sorted { $0.key < $1.key }.map { QueryItem($0.key, $0.value) }
    return HTTPRequest(method: key.method, path: key.path, query: query)
  }
}

/// What a recording is matched on: method, path and the full query in any order.
struct RequestKey: Hashable, Sendable {
  let method: String
  let path: String
  let query: [String: String]
  /// The path as requests are matched on it: GitHub ignores the case of owner and repository
  /// names (`/repos/Apple/Swift` is `/repos/apple/swift`), and so do recordings.
  private let matchedPath: String
  /// The query as requests are matched on it: GitHub's search ignores the case of the words and
  /// qualifiers in `q` (`Swift` finds what `swift` finds), and so do recordings of searches.
  private let matchedQuery: [String: String]

  init(method: String, path: String, query: [String: String]) {
    self.method = method.uppercased()
    self.path = path
    self.query = query
    matchedPath = path.lowercased()
    var matchedQuery = query
    if matchedPath.hasPrefix("/search/"), let words = query["q"] {
      matchedQuery["q"] = words.lowercased()
    }
    self.matchedQuery = matchedQuery
  }

  init(_ request: HTTPRequest) {
    self.init(method: request.method, path: request.path, query: request.queryDictionary)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.method == rhs.method && lhs.matchedPath == rhs.matchedPath
      && lhs.matchedQuery == rhs.matchedQuery
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(method)
    hasher.combine(matchedPath)
    hasher.combine(matchedQuery)
  }
}

extension Exchange {
  /// Reads one exchange from a fixture file's JSON, naming the JSON path of the first problem.
  init(file: String, data: Data) throws(ExplorerError) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw .malformedFixture(file: file, jsonPath: "(root)", reason: error.description)
    }
    let reader = EnvelopeReader(file: file)
    let request = try reader.object(root, at: "request", in: "")
    let method = try reader.string(request["method"], at: "request.method")
    let path = try reader.string(request["path"], at: "request.path")
    guard path.hasPrefix("/") else {
      throw reader.problem(at: "request.path", "\"\(path)\" does not start with /")
    }
    let query = try reader.strings(request["query"], at: "request.query")
    let response = try reader.object(root, at: "response", in: "")
    let status = try reader.status(response["status"], at: "response.status")
    let headers = try reader.strings(response["headers"], at: "response.headers")
    let body: Data
    switch response["body"] {
    case .none, .some(.null):
      body = Data()
    case .some(let value):
      do {
        body = try JSONEncoder().encode(value)
      } catch {
        throw reader.problem(at: "response.body", "cannot be re-encoded: \(error)")
      }
    }
    self.init(
      file: file, key: RequestKey(method: method, path: path, query: query),
      response: HTTPResponse(
        status: status, headers: HTTPHeaders(headers), body: body, origin: .fixture(file: file)))
  }
}

/// Checks the envelope of an exchange, one field at a time.
private struct EnvelopeReader {
  let file: String

  func problem(at path: String, _ reason: String) -> ExplorerError {
    .malformedFixture(file: file, jsonPath: path, reason: reason)
  }

  func object(
    _ parent: JSONValue, at key: String, in parentPath: String
  ) throws(ExplorerError) -> [String: JSONValue] {
    guard case .object(let fields) = parent else {
      throw problem(at: parentPath.isEmpty ? "(root)" : parentPath, "expected an object")
    }
    let path = parentPath.isEmpty ? key : "\(parentPath).\(key)"
    guard let value = fields[key] else { throw problem(at: path, "required value is missing") }
    guard case .object(let object) = value else {
      throw problem(at: path, "expected an object, found \(value.kindName)")
    }
    return object
  }

  func string(_ value: JSONValue?, at path: String) throws(ExplorerError) -> String {
    guard let value else { throw problem(at: path, "required value is missing") }
    guard case .string(let text) = value else {
      throw problem(at: path, "expected a string, found \(value.kindName)")
    }
    return text
  }

  func strings(_ value: JSONValue?, at path: String) throws(ExplorerError) -> [String: String] {
    guard let value, value != .null else { return [:] }
    guard case .object(let fields) = value else {
      throw problem(at: path, "expected an object of strings, found \(value.kindName)")
    }
    var strings: [String: String] = [:]
    for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
      strings[name] = try string(field, at: "\(path).\(name)")
    }
    return strings
  }

  func status(_ value: JSONValue?, at path: String) throws(ExplorerError) -> Int {
    guard let value else { throw problem(at: path, "required value is missing") }
    guard case .integer(let status) = value, (100...599).contains(status) else {
      throw problem(at: path, "expected an HTTP status from 100 to 599, found \(value)")
    }
    return Int(status)
  }
}
