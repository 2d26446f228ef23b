/// Lays out rows in columns that fit a terminal width.
///
/// Numbers align right. When the rows are too wide, the flexible column (a description) is cut
/// with "…" first; below its minimum, the optional columns are dropped, least important first.
struct Table {
  struct Column {
    let header: String
    var alignRight = false
    /// Takes the width left over, and is cut to fit.
    var isFlexible = false
    /// Dropped when space runs out; higher drops first, 0 never drops.
    var dropOrder = 0
  }

  let columns: [Column]
  let rows: [[String]]

  /// The header line and one line per row from `firstRow` on, none wider than `width` columns.
  ///
  /// Column widths come from every row, so a later page may widen a column; the header is
  /// printed again above it so that the columns still read.
  func lines(width: Int, style: Style, from firstRow: Int = 0) -> [String] {
    var visible = Array(columns.indices)
    var widths = natural()
    let gap = 2
    func total(_ indices: [Int]) -> Int {
      indices.map { widths[$0] }.reduce(0, +) + gap * max(0, indices.count - 1)
    }
    let flexible = columns.firstIndex(where: \.isFlexible)
    let minimumFlexible = 12
    while total(visible) > width {
      if let flexible, visible.contains(flexible), widths[flexible] > minimumFlexible {
        widths[flexible] = max(minimumFlexible, widths[flexible] - (total(visible) - width))
        continue
      }
      guard
        let drop = visible.filter({ columns[$0].dropOrder > 0 })
          .max(by: { columns[$0].dropOrder < columns[$1].dropOrder })
      else { break }
      visible.removeAll { $0 == drop }
      if let flexible, visible.contains(flexible) {
        widths[flexible] = natural()[flexible]
      }
    }
    let body = rows.dropFirst(firstRow).map { render($0, visible, widths) }
    return [style.bold(render(columns.map(\.header), visible, widths))] + body
  }

  private func natural() -> [Int] {
    columns.indices.map { index in
      rows.map { VisibleWidth.of($0[index]) }.reduce(VisibleWidth.of(columns[index].header), max)
    }
  }

  private func render(_ cells: [String], _ visible: [Int], _ widths: [Int]) -> String {
    let parts = visible.map { index in
      let cell = VisibleWidth.truncate(cells[index], to: widths[index])
      let isLast = index == visible.last
      if isLast && !columns[index].alignRight { return cell }
      return VisibleWidth.pad(cell, to: widths[index], right: columns[index].alignRight)
    }
    return parts.joined(separator: "  ")
  }
}
