internal import ExplorerDomain
internal import ExplorerPresentation

extension Renderer {
  /// What a search prints: the rows for standard output, and the notes about them, which go to
  /// standard output too on a terminal and to standard error when output is piped.
  struct SearchOutput {
    var rows: [String]
    var notes: [String]
  }

  /// A search's rows from `firstRow` (0-based) on, as a table on a terminal and as whole
  /// tab-separated fields when piped, with a heading for a new search and a footer that says
  /// how many are shown and what to do next.
  func searchOutput(_ state: SearchState, from firstRow: Int = 0) -> SearchOutput {
    guard piped else { return SearchOutput(rows: search(state, from: firstRow), notes: []) }
    var notes: [String] = []
    if firstRow == 0, let query = state.query { notes.append(heading(query, state)) }
    guard !state.items.isEmpty else {
      return SearchOutput(rows: [], notes: notes + [noResults])
    }
    let rows = state.items.enumerated().dropFirst(firstRow).map { offset, item in
      [
        "\(offset + 1)", item.name.description, "\(item.stars)", "\(item.forks)",
        item.language.map(Sanitizer.line) ?? "", formats.date(item.updatedAt),
        item.description.map(Sanitizer.line) ?? "", item.isArchived ? "archived" : "",
      ].joined(separator: "\t")
    }
    let footer = footerParts(state).joined(separator: " · ")
    return SearchOutput(rows: rows, notes: notes + [style.dim(footer)])
  }

  private var noResults: String { "No repositories match. Try other words, or fewer qualifiers." }

  /// The rows of a search from `firstRow` (0-based) on, with a heading for a new search and a
  /// footer that says how many are shown and what to do next.
  func search(_ state: SearchState, from firstRow: Int = 0) -> [String] {
    var lines: [String] = []
    if firstRow == 0, let query = state.query {
      let heading = heading(query, state)
      lines += lineWidth.map { VisibleWidth.wrap(heading, to: $0) } ?? [heading]
    }
    guard !state.items.isEmpty else {
      lines.append(noResults)
      return lines
    }
    let rows = state.items.enumerated().map { offset, item in
      [
        "\(offset + 1)",
        item.name.description + (item.isArchived ? " (archived)" : ""),
        formats.count(item.stars),
        formats.count(item.forks),
        item.language.map(Sanitizer.line) ?? "–",
        formats.date(item.updatedAt),
        item.description.map(Sanitizer.line) ?? "",
      ]
    }
    let table = Table(
      columns: [
        .init(header: "#", alignRight: true),
        .init(header: "REPOSITORY"),
        .init(header: "STARS", alignRight: true),
        .init(header: "FORKS", alignRight: true, dropOrder: 2),
        .init(header: "LANGUAGE", dropOrder: 3),
        .init(header: "UPDATED", dropOrder: 4),
        .init(header: "DESCRIPTION", isFlexible: true, dropOrder: 1),
      ],
      rows: rows)
    lines += table.lines(width: width, style: style, from: firstRow)
    return lines + footerLines(footerParts(state)).map(style.dim)
  }

  private func heading(_ query: SearchQuery, _ state: SearchState) -> String {
    let order =
      query.sort.map { "by \($0.rawValue), \(query.order == .ascending ? "asc" : "desc")" }
      ?? "best match"
    let count =
      state.totalCount == 1 ? "1 repository" : "\(formats.count(state.totalCount)) repositories"
    return style.bold("Search \"\(Sanitizer.line(query.text))\"") + ": \(count), \(order)"
  }

  private func footerParts(_ state: SearchState) -> [String] {
    var parts = [
      "Showing \(formats.count(state.items.count)) of \(formats.count(state.totalCount))"
    ]
    if state.isIncomplete { parts.append("GitHub returned partial results") }
    parts.append(":open N for details")
    if state.canLoadMore { parts.append(":more for the next page") }
    return parts
  }

  /// The footer's parts joined by " · " on as few lines of the terminal's width as hold them,
  /// as the table above fits that width; one line when the width is unknown.
  private func footerLines(_ parts: [String]) -> [String] {
    let whole = parts.joined(separator: " · ")
    guard let lineWidth, VisibleWidth.of(whole) > lineWidth else { return [whole] }
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, VisibleWidth.of(last + " · " + part) <= lineWidth {
        lines[lines.count - 1] = last + " · " + part
      } else {
        lines += VisibleWidth.wrap(part, to: lineWidth)
      }
    }
    return lines
  }
}
