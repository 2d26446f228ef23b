internal import Foundation

/// Quotes text as one word for a POSIX shell, so advice can be pasted as it is printed.
enum ShellWord {
  /// `text` as is when the shell reads it as one word unchanged, else in single quotes:
  /// `Fixtures/github`, `':search swift'`, `'it'\''s'`.
  static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+=,@%".contains($0) }
    if plain { return text }
    return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
