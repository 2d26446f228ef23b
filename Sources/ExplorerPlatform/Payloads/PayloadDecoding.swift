internal import Foundation

/// Decodes GitHub's JSON, turning any failure into the JSON path of the bad value.
enum PayloadDecoding {
  static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(PayloadError) -> T {
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch let error as DecodingError {
      throw PayloadError(decodingError: error)
    } catch {
      throw PayloadError(path: "", reason: "\(error)")
    }
  }
}

extension PayloadError {
  init(decodingError error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), reason: "required value is missing")
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), reason: "\(type) expected, found null")
    case .typeMismatch(let type, let context):
      self.init(
        path: Self.path(context.codingPath), reason: "\(type) expected: \(Self.detail(context))")
    case .dataCorrupted(let context):
      self.init(path: Self.path(context.codingPath), reason: Self.detail(context))
    @unknown default:
      self.init(path: "", reason: "\(error)")
    }
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
