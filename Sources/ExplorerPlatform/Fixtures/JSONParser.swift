/// Reads JSON text (RFC 8259) into a `JSONValue`, reporting the line and column of any error.
///
/// The fixture files are parsed with this rather than `JSONDecoder`, which has no cheap way to
/// decode a value of unknown type and no line numbers in its errors.
struct JSONParser {
  struct Failure: Error, Equatable {
    let line: Int
    let column: Int
    let reason: String

    var description: String { "\(reason) at line \(line), column \(column)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  static func parse(_ bytes: some Sequence<UInt8>) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    parser.skipWhitespace()
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else {
      throw parser.failure("extra text after the value")
    }
    return value
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected \(character(bytes[index])) where a value should be")
    }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    var fields: [String: JSONValue] = [:]
    try elements(closedBy: UInt8(ascii: "}")) { parser throws(Failure) in
      guard parser.peek(UInt8(ascii: "\"")) else { throw parser.failure("expected a quoted key") }
      let key = try parser.string()
      parser.skipWhitespace()
      try parser.expect(UInt8(ascii: ":"))
      parser.skipWhitespace()
      fields[key] = try parser.value()
    }
    return .object(fields)
  }

  private mutating func array() throws(Failure) -> JSONValue {
    var items: [JSONValue] = []
    try elements(closedBy: UInt8(ascii: "]")) { parser throws(Failure) in
      items.append(try parser.value())
    }
    return .array(items)
  }

  /// Reads the comma-separated elements of an object or array, from its opening bracket to
  /// `close`, with `element` reading each one.
  private mutating func elements(
    closedBy close: UInt8, _ element: (inout JSONParser) throws(Failure) -> Void
  ) throws(Failure) {
    try nest()
    index += 1
    skipWhitespace()
    if !peek(close) {
      while true {
        skipWhitespace()
        try element(&self)
        skipWhitespace()
        guard peek(UInt8(ascii: ",")) else { break }
        index += 1
      }
    }
    try expect(close)
    depth -= 1
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run = index
    func flush(_ parser: JSONParser, upTo end: Int) throws(Failure) {
      let text = String(decoding: parser.bytes[run..<end], as: UTF8.self)
      guard text.utf8.elementsEqual(parser.bytes[run..<end]) else {
        throw parser.failure("the string is not valid UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        try flush(self, upTo: index)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush(self, upTo: index)
        scalars.append(try escape())
        run = index
      case 0..<0x20:
        throw failure("a control character must be escaped in a string")
      default:
        index += 1
      }
    }
    throw failure("the string is not closed")
  }

  private mutating func escape() throws(Failure) -> Unicode.Scalar {
    index += 1
    guard index < bytes.count else { throw failure("the string is not closed") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit()
      if (0xD800..<0xDC00).contains(unit) {
        guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("a lone surrogate \\u\(String(unit, radix: 16))") }
        index += 2
        let low = try hexUnit()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return Unicode.Scalar(value)!
      }
      guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone surrogate") }
      return scalar
    default:
      index -= 1
      throw failure("unknown escape \\\(character(byte))")
    }
  }

  private mutating func hexUnit() throws(Failure) -> UInt16 {
    guard index + 4 <= bytes.count,
      let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw failure("\\u needs four hex digits") }
    index += 4
    return unit
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    var isInteger = true
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): index += 1
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"):
        isInteger = false
        index += 1
      default:
        return try numberValue(from: start, isInteger: isInteger)
      }
    }
    return try numberValue(from: start, isInteger: isInteger)
  }

  private func numberValue(from start: Int, isInteger: Bool) throws(Failure) -> JSONValue {
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite,
      text.first != "+", !text.hasPrefix("-."), !text.hasPrefix(".")
    else { throw failure("\"\(text)\" is not a number") }
    return .double(double)
  }

  private mutating func literal(_ word: String) throws(Failure) {
    let utf8 = Array(word.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
      throw failure("unexpected \(character(bytes[index])) where a value should be")
    }
    index += utf8.count
  }

  private mutating func nest() throws(Failure) {
    depth += 1
    guard depth <= 512 else { throw failure("nested more than 512 deep") }
  }

  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard peek(byte) else {
      let found = index < bytes.count ? character(bytes[index]) : "the end of the text"
      throw failure("expected '\(character(byte, quoted: false))', found \(found)")
    }
    index += 1
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return
      }
    }
  }

  private func character(_ byte: UInt8, quoted: Bool = true) -> String {
    let text =
      (0x21..<0x7F).contains(byte)
      ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16)
    return quoted && text.count == 1 ? "'\(text)'" : text
  }

  private func failure(_ reason: String) -> Failure {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return Failure(line: line, column: column, reason: reason)
  }
}
