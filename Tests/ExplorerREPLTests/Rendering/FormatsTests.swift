import Foundation
import Testing

@testable import ExplorerREPL

@Suite struct FormatsTests {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  static let counts: [(Int, String)] = [
    (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (481_236, "481,236"),
    (1_234_567, "1,234,567"), (-1_500, "-1,500"),
  ]

  @Test(arguments: counts)
  func groupsThousands(value: Int, expected: String) {
    #expect(Formats(dates: .iso, now: now).count(value) == expected)
  }

  @Test(
    arguments: [(512, "512 KB"), (23_700, "23.1 MB"), (1_150_000, "1.1 GB")] as [(Int, String)])
  func sizesReadInTheLargestUnit(kilobytes: Int, expected: String) {
    #expect(Formats(dates: .iso, now: now).size(kilobytes: kilobytes) == expected)
  }

  static let ages: [(Double, String)] = [
    (30, "just now"), (120, "2 minutes ago"), (3_600, "1 hour ago"), (86_400, "yesterday"),
    (5 * 86_400, "5 days ago"), (70 * 86_400, "2 months ago"), (800 * 86_400, "2 years ago"),
  ]

  @Test(arguments: ages)
  func relativeDatesReadLikeSpeech(secondsAgo: Double, expected: String) {
    let formats = Formats(dates: .relative, now: now)
    #expect(formats.date(now.addingTimeInterval(-secondsAgo)) == expected)
  }

  @Test func isoDatesAreTheUTCDay() {
    let formats = Formats(dates: .iso, now: now)
    #expect(formats.date(Date(timeIntervalSince1970: 1_445_558_400)) == "2015-10-23")
    #expect(formats.date(nil) == "–")
  }
}
