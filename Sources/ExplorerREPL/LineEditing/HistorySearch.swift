/// Ctrl-R's incremental search of the history, newest first, as in a shell.
///
/// Each typed character narrows the search; Ctrl-R again finds an older line that contains the
/// same text. Enter runs the line found, Ctrl-G or Ctrl-C gives the line typed before back, and
/// any other key keeps the line found for editing.
struct HistorySearch: Equatable {
  /// What is searched for.
  var query = ""
  /// The index in the history of the line found; nil when nothing matches.
  var match: Int?
  /// The line as it was before the search began.
  let original: EditBuffer

  /// The prompt while searching: `(reverse-i-search)'swift': `.
  var prompt: String {
    (match == nil && !query.isEmpty ? "(failed reverse-i-search)'" : "(reverse-i-search)'")
      + query + "': "
  }

  /// Finds the newest line at or before `start` that contains the query.
  mutating func find(in entries: [String], from start: Int?) {
    guard !query.isEmpty else {
      match = nil
      return
    }
    let first = min(start ?? entries.count - 1, entries.count - 1)
    guard first >= 0 else {
      match = nil
      return
    }
    match = (0...first).reversed().first { entries[$0].contains(query) }
  }
}
