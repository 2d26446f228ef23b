/// One request to GitHub's REST API, before it has a host: method, path and query.
///
/// The fixture store matches recordings on exactly these three, and errors describe a request
/// with them, so a header (the token above all) never leaks into either.
package struct HTTPRequest: Hashable, Sendable, CustomStringConvertible {
  /// `GET`, usually.
  package var method: String
  /// The path below the API root, such as `/search/repositories`.
  package var path: String
  /// Query parameters in the order they are sent.
  package var query: [QueryItem]
  /// Headers to send; never part of `description` or of a recording.
  package var headers: [String: String]

  package init(
    method: String = "GET", path: String, query: [QueryItem] = [], headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }

  /// The query as a dictionary, which is how recordings compare it.
  package var queryDictionary: [String: String] {
    Dictionary(query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// `GET /search/repositories?q=swift&per_page=10&page=1`, readable and without headers.
  package var description: String {
    let query = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    return "\(method) \(path)\(query.isEmpty ? "" : "?\(query)")"
  }

  /// The path and query, percent-encoded for the wire.
  package var encodedTarget: String {
    let query = query.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }
    return path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }
}

/// One `name=value` pair of a query.
package struct QueryItem: Hashable, Sendable {
  package var name: String
  package var value: String

  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// Encodes everything but RFC 3986's unreserved characters, so `+`, `&`, `=` and spaces in a
/// search survive the trip (`c++` must not arrive as `c  `).
package func percentEncoded(_ text: String) -> String {
  var encoded = ""
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      encoded.unicodeScalars.append(Unicode.Scalar(byte))
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
    }
  }
  return encoded
}

/// Decodes `%XX` escapes and, as HTML forms and GitHub do, `+` as a space.
package func percentDecoded(_ text: some StringProtocol) -> String? {
  var bytes: [UInt8] = []
  var iterator = text.utf8.makeIterator()
  while let byte = iterator.next() {
    switch byte {
    case UInt8(ascii: "+"):
      bytes.append(UInt8(ascii: " "))
    case UInt8(ascii: "%"):
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    default:
      bytes.append(byte)
    }
  }
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}

private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
