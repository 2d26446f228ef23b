/// GitHub's error bodies: `basic-error`, `validation-error` and `validation-error-simple`.
///
/// Every field is optional, as in GitHub's schemas; a body that is not JSON at all decodes to an
/// empty payload rather than hiding the status behind a decoding error.
struct ErrorPayload: Decodable {
  struct Detail: Decodable {
    let message: String?
    let code: String?
    let field: String?

    init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        (message, code, field) = (text, nil, nil)
        return
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      message = try container.decodeIfPresent(String.self, forKey: .message)
      code = try container.decodeIfPresent(String.self, forKey: .code)
      field = try container.decodeIfPresent(String.self, forKey: .field)
    }

    enum CodingKeys: String, CodingKey {
      case message, code, field
    }
  }

  let message: String?
  let errors: [Detail]?

  init(message: String?, errors: [Detail]?) {
    self.message = message
    self.errors = errors
  }

  /// The most specific message: the first error's, else the top-level one.
  var bestMessage: String? {
    errors?.lazy.compactMap(\.message).first ?? message
  }
}
