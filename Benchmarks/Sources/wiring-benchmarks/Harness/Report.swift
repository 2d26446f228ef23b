import Foundation

/// Prints the result table, one case at a time: a header, then one row per library.
final class Report {
  let settings: Settings

  init(settings: Settings) { self.settings = settings }

  static let columns = "  library                                   ns/op      ±   × direct  note"

  /// Measures the rows `build` declares, interleaved, and prints them under `title`.
  ///
  /// The rows take turns: every sample round runs each row once, so a slow minute on a noisy
  /// machine slows them all alike. A row's ratio is the median, over the rounds, of its time
  /// divided by the baseline's time in the same round.
  func section(_ title: String, _ build: (inout Section) -> Void) {
    var section = Section()
    build(&section)
    print("\n\(title)")
    print(Self.columns)
    let timings = measureInterleaved(settings, section.rows.compactMap(\.body))
    var timed = timings.makeIterator()
    let baseline = section.rows.firstIndex { $0.isBaseline }
      .flatMap { index in section.rows[..<index].filter { $0.body != nil }.count }
    for row in section.rows {
      guard row.body != nil, let (timing, rounds) = timed.next() else {
        printRow(row.library, text: row.note)
        continue
      }
      var ratio = "–"
      if let baseline {
        let base = timings[baseline].rounds
        let ratios = zip(rounds, base).map { $0 / $1 }
        ratio = format(Timing(samples: ratios).median, digits: 1) + "×"
      }
      printRow(row.library, timing, ratio: ratio, note: row.note)
    }
  }

  /// Prints a row measured elsewhere (the two-thread cases).
  func printRow(_ library: String, _ timing: Timing, ratio: String, note: String = "") {
    print(
      "  " + pad(library, 38) + lpad(format(timing.median, digits: 1), 9)
        + lpad(format(timing.spread * 100, digits: 0) + "%", 7) + lpad(ratio, 11) + "  " + note)
  }

  /// Prints a row that is not a time: bytes, allocation counts, or why a library has no entry.
  func printRow(_ library: String, text: String) {
    print("  " + pad(library, 38) + " " + text)
  }
}

/// The rows of one case, in the order they are printed.
struct Section {
  struct Row {
    let library: String
    let body: ((Int) -> Void)?
    let isBaseline: Bool
    let note: String
  }

  private(set) var rows: [Row] = []

  /// A timed row; `body(n)` runs the operation `n` times, passing each result to `consume`.
  mutating func add(
    _ library: String, isBaseline: Bool = false, note: String = "",
    _ body: @escaping (Int) -> Void
  ) {
    rows.append(Row(library: library, body: body, isBaseline: isBaseline, note: note))
  }

  /// A row with text instead of a time.
  mutating func note(_ library: String, _ text: String) {
    rows.append(Row(library: library, body: nil, isBaseline: false, note: text))
  }
}

func format(_ value: Double, digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func lpad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
