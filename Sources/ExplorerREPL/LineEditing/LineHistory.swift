/// The lines entered before, oldest first, and where Up and Down have got to among them.
///
/// Blank lines and a repeat of the line just before are not stored, and only the newest
/// ``limit`` lines are kept. Navigating up from the line being typed remembers it, so coming
/// back down past the newest entry gives it back unchanged.
///
/// ```swift
/// var history = LineHistory(entries: [":search swift"])
/// history.previous(current: ":op")  // ":search swift"
/// history.next(current: ":search swift")  // ":op"
/// ```
package struct LineHistory: Equatable, Sendable {
  /// The stored lines, oldest first.
  package private(set) var entries: [String]
  /// The most lines kept; older ones are dropped first.
  package let limit: Int
  /// The entry shown now, or `nil` while the line being typed is shown.
  private var position: Int?
  /// The line being typed when navigation started.
  private var draft = ""

  /// The number of lines kept unless the caller asks for another.
  package static let defaultLimit = 1_000

  /// A history holding the newest `limit` of `entries` that would have been stored.
  package init(entries: some Sequence<String> = [String](), limit: Int = defaultLimit) {
    self.entries = []
    self.limit = max(limit, 1)
    for entry in entries { add(entry) }
  }

  /// Stores `line` as the newest entry unless it is blank or repeats the newest one, and ends
  /// any navigation.
  package mutating func add(_ line: String) {
    resetNavigation()
    guard !line.allSatisfy(\.isWhitespace), line != entries.last else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  /// The entry before the one shown (Up), or `nil` at the oldest.
  ///
  /// - Parameter current: the line on screen, kept as the draft when navigation starts here.
  package mutating func previous(current: String) -> String? {
    let index = (position ?? entries.count) - 1
    guard index >= 0 else { return nil }
    if position == nil { draft = current }
    position = index
    return entries[index]
  }

  /// The entry after the one shown (Down), the draft after the newest, or `nil` when the
  /// draft is already shown.
  package mutating func next() -> String? {
    guard let index = position else { return nil }
    if index + 1 < entries.count {
      position = index + 1
      return entries[index + 1]
    }
    position = nil
    return draft
  }

  /// Forgets where navigation got to, as when a line is accepted or abandoned.
  package mutating func resetNavigation() {
    position = nil
    draft = ""
  }
}
