internal import Foundation

/// How numbers, sizes and dates read in the explorer's output.
struct Formats: Sendable {
  /// How dates are written.
  enum DateStyle: Sendable {
    /// "3 days ago", for a person at a terminal.
    case relative
    /// "2026-11-18", stable for scripts and transcripts.
    case iso
  }

  let dates: DateStyle
  /// The moment relative dates are measured from.
  let now: Date

  /// `1234567` → `1,234,567`.
  func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// `1234` KB → `1.2 MB`.
  func size(kilobytes: Int) -> String {
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(kilobytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(kilobytes) KB" : String(format: "%.1f %@", value, units[unit])
  }

  /// A date as this style writes it; "–" when there is none.
  func date(_ date: Date?) -> String {
    guard let date else { return "–" }
    switch dates {
    case .iso: return Self.isoDay(date)
    case .relative: return relative(date)
    }
  }

  private func relative(_ date: Date) -> String {
    let seconds = now.timeIntervalSince(date)
    if seconds < 0 { return Self.isoDay(date) }
    let minutes = Int(seconds / 60)
    let hours = minutes / 60
    let days = hours / 24
    switch true {
    case minutes < 1: return "just now"
    case minutes < 60: return plural(minutes, "minute") + " ago"
    case hours < 24: return plural(hours, "hour") + " ago"
    case days < 31: return days == 1 ? "yesterday" : "\(days) days ago"
    case days < 365: return plural(days / 30, "month") + " ago"
    default: return plural(days / 365, "year") + " ago"
    }
  }

  private func plural(_ value: Int, _ unit: String) -> String {
    value == 1 ? "1 \(unit)" : "\(value) \(unit)s"
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  private static func isoDay(_ date: Date) -> String {
    let parts = utc.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
