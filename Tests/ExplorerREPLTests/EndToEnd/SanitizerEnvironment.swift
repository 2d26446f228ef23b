import Foundation

/// The sanitizer settings of the test process, for the explorer processes it starts.
///
/// A sanitized test run builds `explorer` with the same sanitizer; a spawned process that lost
/// the run's options (suppressions, leak checking) would judge itself by other rules.
enum SanitizerEnvironment {
  /// `ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS` and `UBSAN_OPTIONS`, where they are set.
  static let passedThrough: [String: String] = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
  }

  /// `environment` with the sanitizer settings added.
  static func adding(to environment: [String: String]) -> [String: String] {
    environment.merging(passedThrough) { own, _ in own }
  }
}
