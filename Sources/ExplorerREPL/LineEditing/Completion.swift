/// Completes the word before the cursor from a list of candidates.
///
/// The word is what stands between the last whitespace before the cursor and the cursor. One
/// candidate starting with it replaces it, followed by a space; several extend it to the
/// prefix they all share, and ``Outcome/matches`` lists them so the editor can show them when
/// Tab is pressed again without progress.
///
/// ```swift
/// let completion = Completion(candidates: [":search", ":open", ":back", ":help", ":quit"])
/// completion.complete(EditBuffer(":se")).buffer.text  // ":search "
/// ```
package struct Completion: Sendable {
  /// The words offered for the first word of the line, in the order they are listed.
  package let candidates: [String]
  /// The words offered for a later word, given the words before it.
  private let arguments: @Sendable (_ before: [String]) -> [String]

  /// Offers `candidates` for every word of the line.
  package init(candidates: [String]) {
    self.candidates = candidates
    arguments = { _ in candidates }
  }

  /// Offers `candidates` for the first word, and what `arguments` returns for the words before
  /// it for any later word: a command's options and their values, say.
  package init(
    candidates: [String], arguments: @escaping @Sendable (_ before: [String]) -> [String]
  ) {
    self.candidates = candidates
    self.arguments = arguments
  }

  /// The buffer after completion, and the candidates that matched.
  package struct Outcome: Equatable, Sendable {
    /// The buffer with the word completed or extended; unchanged when there was no progress.
    package let buffer: EditBuffer
    /// Every candidate that starts with the word, in candidate order.
    package let matches: [String]
  }

  /// Completes the word before `buffer`'s cursor.
  package func complete(_ buffer: EditBuffer) -> Outcome {
    let before = buffer.characters[..<buffer.cursor]
    let wordStart = before.lastIndex(where: \.isWhitespace).map { $0 + 1 } ?? 0
    let word = String(before[wordStart...])
    let earlier =
      String(before[..<wordStart]).split(whereSeparator: \.isWhitespace).map(String.init)
    let pool = earlier.isEmpty ? candidates : arguments(earlier)
    var seen: Set<String> = []
    let matches = pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }
    guard let first = matches.first else { return Outcome(buffer: buffer, matches: []) }

    var replacement: String
    if matches.count == 1 {
      replacement = first
      let next = buffer.cursor < buffer.characters.count ? buffer.characters[buffer.cursor] : nil
      if next?.isWhitespace != true { replacement += " " }
    } else {
      replacement = matches.dropFirst().reduce(first) { String($0.sharedPrefix(with: $1)) }
    }
    var completed = EditBuffer(
      String(buffer.characters[..<wordStart]) + buffer.textAfterCursor, cursor: wordStart)
    completed.insert(replacement)
    if matches.count == 1, replacement.last != " " { completed.moveRight() }
    return Outcome(buffer: completed, matches: matches)
  }
}

extension String {
  /// The longest prefix `self` and `other` share, compared character by character.
  fileprivate func sharedPrefix(with other: String) -> Substring {
    var end = startIndex
    for (mine, theirs) in zip(self, other) {
      guard mine == theirs else { break }
      end = index(after: end)
    }
    return self[..<end]
  }
}
