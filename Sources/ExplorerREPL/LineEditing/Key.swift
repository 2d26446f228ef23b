/// One key press, as the line editor acts on it.
///
/// Keys the terminal sends as their own escape sequences get their own cases; other control
/// keys arrive as ``control(_:)`` with the lowercase letter (`.control("c")` is Ctrl-C), and
/// the editor decides what each one does.
package enum Key: Equatable, Hashable, Sendable {
  /// Printable text: one Unicode scalar as the terminal sent it.
  case character(Character)
  case enter
  case tab
  case backspace
  case delete
  case left
  case right
  case up
  case down
  case home
  case end
  /// Alt-B, Ctrl-Left or Alt-Left.
  case wordLeft
  /// Alt-F, Ctrl-Right or Alt-Right.
  case wordRight
  /// Alt-Backspace.
  case deleteWordBackward
  /// Ctrl plus a letter that has no key of its own, such as `.control("w")`.
  case control(Character)
}
