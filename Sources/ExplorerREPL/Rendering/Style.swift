/// Terminal colours and weights, or nothing at all when colour is off.
struct Style: Sendable {
  /// Whether escape sequences are written at all.
  let isEnabled: Bool

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func accent(_ text: String) -> String { wrap(text, "36") }
  func warning(_ text: String) -> String { wrap(text, "33") }
  func failure(_ text: String) -> String { wrap(text, "31") }
  func success(_ text: String) -> String { wrap(text, "32") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard isEnabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
