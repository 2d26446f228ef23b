/// The line being edited: its characters and where the cursor stands among them.
///
/// A pure value: every edit is a mutating method with no side effects, so each one can be
/// tested by comparing buffers. The cursor counts `Character`s (grapheme clusters), never bytes
/// or scalars, so one emoji or one accented letter is always one step.
///
/// ```swift
/// var buffer = EditBuffer(":serch", cursor: 3)
/// buffer.insert("a")   // ":sea|rch"
/// buffer.killToEnd()   // ":sea|"
/// ```
package struct EditBuffer: Equatable, Sendable, CustomStringConvertible {
  /// The line, one element per user-perceived character.
  package private(set) var characters: [Character]
  /// The cursor's position: how many characters stand before it, `0...characters.count`.
  package private(set) var cursor: Int

  /// A buffer holding `text`, with the cursor at `cursor` (clamped), or at the end if `nil`.
  package init(_ text: String = "", cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = min(max(cursor ?? characters.count, 0), characters.count)
  }

  /// The whole line.
  package var text: String { String(characters) }

  /// The text before the cursor.
  package var textBeforeCursor: String { String(characters[..<cursor]) }

  /// The text from the cursor on.
  package var textAfterCursor: String { String(characters[cursor...]) }

  package var isEmpty: Bool { characters.isEmpty }

  /// The line with a `|` where the cursor is, for test failures.
  package var description: String { textBeforeCursor + "|" + textAfterCursor }

  /// Inserts `text` at the cursor and moves the cursor past it.
  ///
  /// A combining mark or a joiner that continues the character before the cursor merges with
  /// it, as it would on screen.
  package mutating func insert(_ text: String) {
    guard !text.isEmpty else { return }
    let head = textBeforeCursor + text
    characters = Array(head + textAfterCursor)
    cursor = min(head.count, characters.count)
  }

  /// Deletes the character before the cursor (Backspace).
  package mutating func deleteBackward() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  /// Deletes the character under the cursor (Delete, Ctrl-D).
  package mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  package mutating func moveLeft() { cursor = max(cursor - 1, 0) }

  package mutating func moveRight() { cursor = min(cursor + 1, characters.count) }

  package mutating func moveToStart() { cursor = 0 }

  package mutating func moveToEnd() { cursor = characters.count }

  /// Moves to the start of the word before the cursor, past any whitespace first.
  package mutating func moveWordLeft() { cursor = startOfWordBeforeCursor }

  /// Moves to the end of the word after the cursor, past any whitespace first.
  package mutating func moveWordRight() {
    var index = cursor
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    while index < characters.count, !characters[index].isWhitespace { index += 1 }
    cursor = index
  }

  /// Deletes the word before the cursor and the whitespace between it and the cursor (Ctrl-W).
  package mutating func deleteWordBackward() {
    let start = startOfWordBeforeCursor
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Deletes from the cursor to the end of the line (Ctrl-K).
  package mutating func killToEnd() {
    characters.removeSubrange(cursor...)
  }

  /// Deletes from the start of the line to the cursor (Ctrl-U).
  package mutating func killToStart() {
    characters.removeSubrange(..<cursor)
    cursor = 0
  }

  /// Replaces the whole line and puts the cursor at its end.
  package mutating func replace(with text: String) {
    self = EditBuffer(text)
  }

  private var startOfWordBeforeCursor: Int {
    var index = cursor
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }
}
