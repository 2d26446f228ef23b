internal import Foundation

/// Decodes GitHub's JSON, turning any failure into the JSON path of the bad value.
enum PayloadDecoding {
  static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(PayloadError) -> T {
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch let error as DecodingError {
      throw PayloadError(decodingError: error, body: body)
    } catch {
      throw PayloadError(path: "", reason: "\(error)")
    }
  }
}

extension PayloadError {
  /// The error, said in JSON's words (`expected a number, found a string`) at the path of the
  /// bad value; `body` is read again, only on failure, to name what the value was.
  init(decodingError error: DecodingError, body: Data) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), reason: "required value is missing")
    case .valueNotFound(let type, let context):
      self.init(
        path: Self.path(context.codingPath), reason: "expected \(Self.kind(of: type)), found null")
    case .typeMismatch(let type, let context):
      let found = (try? JSONParser.parse(body)).flatMap {
        Self.value(at: context.codingPath, in: $0)
      }
      self.init(
        path: Self.path(context.codingPath),
        reason: "expected \(Self.kind(of: type))" + (found.map { ", found \($0.kindName)" } ?? ""))
    case .dataCorrupted(let context) where context.codingPath.isEmpty && body.isEmpty:
      self.init(path: "", reason: "the body is empty")
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Foundation says "not valid JSON" both for text that is not JSON and for a number that
      // does not fit its field; the parser tells the two apart, and where the text goes wrong.
      do throws(JSONParser.Failure) {
        _ = try JSONParser.parse(body)
        self.init(
          path: "", reason: "a number is out of range, or not whole where a whole number belongs")
      } catch {
        self.init(path: "", reason: "not JSON: \(error.description)")
      }
    case .dataCorrupted(let context):
      self.init(path: Self.path(context.codingPath), reason: Self.detail(context))
    @unknown default:
      self.init(path: "", reason: "\(error)")
    }
  }

  /// The kind of JSON value a decoded type is read from, as `JSONValue.kindName` names them.
  static func kind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: "a number"
    default:
      // The decoder names its containers `Array<Any>` and `Dictionary<String, Any>`.
      switch "\(type)" {
      case let name where name.hasPrefix("Array<"): "an array"
      case let name where name.hasPrefix("Dictionary<"): "an object"
      case let name: name
      }
    }
  }

  /// The value at `codingPath` in `root`, if the path leads anywhere.
  static func value(at codingPath: [any CodingKey], in root: JSONValue) -> JSONValue? {
    var value = root
    for key in codingPath {
      switch value {
      case .array(let elements):
        guard let index = key.intValue, elements.indices.contains(index) else { return nil }
        value = elements[index]
      case .object(let members):
        guard let member = members[key.stringValue] else { return nil }
        value = member
      default:
        return nil
      }
    }
    return value
  }

  /// `items[3].owner.login` from a coding path.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return path
  }

  /// The most telling words of a decoding error: the parser's own, which name the position.
  private static func detail(_ context: DecodingError.Context) -> String {
    let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
    return (underlying as? String) ?? context.debugDescription
  }
}
