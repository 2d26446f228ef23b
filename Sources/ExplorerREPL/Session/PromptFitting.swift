/// Fits the breadcrumb prompt to the terminal, keeping room to type.
///
/// The crumbs shrink from the left: the screen you are on matters most, where you came from
/// least. `home › search "swift" › apple/swift ❯ ` becomes `… › apple/swift ❯ `, then
/// `… › apple/sw… ❯ `, and on a terminal too narrow for even that, `❯ `.
package enum PromptFitting {
  /// Between crumbs.
  package static let separator = " › "
  /// After the crumbs, before what is typed.
  package static let marker = " ❯ "
  /// The longest a single crumb may be, however wide the terminal.
  package static let longestCrumb = 28

  /// Columns kept free for typing on a terminal `columns` wide.
  package static func inputRoom(columns: Int) -> Int {
    max(10, min(30, columns / 3))
  }

  /// The crumbs to show, already sanitized, so that they, the separators and the marker fit
  /// `columns` with room to type; empty when only the marker fits.
  package static func crumbs(_ crumbs: [String], columns: Int) -> [String] {
    let budget = columns - inputRoom(columns: columns)
    var shown = crumbs.map { VisibleWidth.truncate($0, to: longestCrumb) }
    if shown.count > 3 { shown = ["…"] + shown.suffix(2) }
    while width(of: shown) > budget, shown.count > 1, shown != ["…", shown.last!] {
      shown = ["…"] + shown.drop { $0 == "…" }.dropFirst()
    }
    if width(of: shown) > budget, let last = shown.last {
      let others = Array(shown.dropLast())
      let room = budget - width(of: others + [""])
      shown = room >= 4 ? others + [VisibleWidth.truncate(last, to: room)] : []
    }
    return width(of: shown) > budget ? [] : shown
  }

  /// The width the prompt takes with `crumbs`.
  static func width(of crumbs: [String]) -> Int {
    guard !crumbs.isEmpty else { return VisibleWidth.of("❯ ") }
    return VisibleWidth.of(crumbs.joined(separator: separator) + marker)
  }
}
