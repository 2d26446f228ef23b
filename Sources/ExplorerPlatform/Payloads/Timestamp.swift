internal import Foundation

/// An ISO 8601 time as GitHub writes it (`2026-11-20T09:14:03Z`), decoded where it stands so a
/// bad one is reported at its own JSON path.
struct Timestamp: Decodable {
  let date: Date

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) {
      self.date = date
      return
    }
    formatter.formatOptions.insert(.withFractionalSeconds)
    guard let date = formatter.date(from: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date and time")
    }
    self.date = date
  }
}
