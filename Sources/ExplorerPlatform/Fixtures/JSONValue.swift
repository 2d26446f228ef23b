internal import Foundation

/// Any JSON value, kept whole so a recorded body can be handed on exactly as it was written.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// What kind of value this is, as a person would say it in an error.
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
