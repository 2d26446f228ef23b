internal import Foundation

/// Why a typed line is not a command that can run.
package enum CommandError: Error, Hashable, Sendable {
  /// The line does not start with a colon.
  case notACommand(String)
  /// No command has this name or prefix; `suggestion` is the nearest one, if any is near.
  case unknownCommand(String, suggestion: String?)
  /// More than one command starts with this prefix.
  case ambiguousCommand(String, candidates: [String])
  /// The arguments do not fit the command.
  case badUsage(command: String, problem: String)
  /// A quote was opened and never closed.
  case unclosedQuote
  /// Line `line` of a script is not UTF-8 text, so it cannot be read as a command.
  case notText(line: Int)
}

extension CommandError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .notACommand(let text):
      "\(text.quotedForMessage) is not a command: commands start with ':'"
    case .unknownCommand(let name, _):
      "unknown command :\(name)"
    case .ambiguousCommand(let prefix, let candidates):
      ":\(prefix) could be "
        + candidates.map { ":\($0)" }.joined(separator: ", ").replacingLastComma(with: " or ")
    case .badUsage(let command, let problem):
      ":\(command): \(problem)"
    case .unclosedQuote:
      "a quote is not closed"
    case .notText(let line):
      "line \(line) is not UTF-8 text"
    }
  }

  /// What to type instead.
  package var advice: String? {
    switch self {
    case .notACommand(let text):
      text.hasControlCharacters
        ? nil : "to search for it, type :search \(text.escapedForCommandLine)"
    case .unknownCommand(_, let suggestion?):
      "did you mean :\(suggestion)? (:help lists every command)"
    case .unknownCommand:
      ":help lists every command"
    case .ambiguousCommand:
      "type more of the name"
    case .badUsage(let command, _):
      CommandSpec.named(command).map { spec in
        spec.synopsis.count > 48 ? "see :help \(command)" : "usage: \(spec.synopsis)"
      }
    case .unclosedQuote:
      "close it, or escape it with a backslash"
    case .notText:
      "write the script as UTF-8"
    }
  }
}

extension String {
  /// The text in double quotes, or in single quotes when it holds a double quote and no single
  /// one, so that the quotes in a message are never the text's own.
  var quotedForMessage: String {
    let visible = unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    if !visible.contains("\"") { return "\"\(visible)\"" }
    if !visible.contains("'") { return "'\(visible)'" }
    return "\"" + visible.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Whether the text holds a control character, which a terminal would not show.
  fileprivate var hasControlCharacters: Bool {
    unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// The text as it must be typed for `Tokenizer` to read it back as the same words: as it is
  /// when it already reads, otherwise with its quotes and backslashes escaped.
  fileprivate var escapedForCommandLine: String {
    if (try? Tokenizer.words(in: self)) != nil { return self }
    var escaped = ""
    for character in self {
      if character == "\\" || character == "\"" || character == "'" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  fileprivate func replacingLastComma(with separator: String) -> String {
    guard let range = range(of: ", ", options: .backwards) else { return self }
    return replacingCharacters(in: range, with: separator)
  }
}
