import Foundation

/// Prints the result table as rows arrive: one header per case, one row per library.
///
/// Every row of a case shows its median against the case's direct baseline, which is measured
/// in the same run, a few milliseconds earlier, so the ratio survives a noisy machine better
/// than the absolute time.
final class Report {
  private var baseline: Double?
  private(set) var rows: [(group: String, library: String, value: Double)] = []
  private var group = ""

  static let columns = "  library                         ns/op      ±   × direct  note"

  /// Starts a case; its first timed row with `isBaseline` sets what later rows are divided by.
  func begin(_ title: String) {
    group = title
    baseline = nil
    print("\n\(title)")
    print(Self.columns)
  }

  /// Adds a timed row. The baseline row has a ratio of 1.
  func add(_ library: String, _ timing: Timing, isBaseline: Bool = false, note: String = "") {
    if isBaseline { baseline = timing.median }
    let ratio = baseline.map { format(timing.median / $0, digits: 1) + "×" } ?? "–"
    rows.append((group, library, timing.median))
    print(
      "  " + pad(library, 28) + lpad(format(timing.median, digits: 1), 9)
        + lpad(format(timing.spread * 100, digits: 0) + "%", 7) + lpad(ratio, 11) + "  " + note)
  }

  /// Adds a row that is not a time: bytes, allocation counts, or why a library has no entry.
  func add(_ library: String, text: String) {
    print("  " + pad(library, 28) + " " + text)
  }

  /// The median of an earlier row, to compare rows across cases.
  func median(_ group: String, _ library: String) -> Double? {
    rows.last { $0.group == group && $0.library == library }?.value
  }
}

func format(_ value: Double, digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}

private func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

private func lpad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
