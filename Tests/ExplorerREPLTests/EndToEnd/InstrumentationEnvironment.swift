import Foundation

/// The sanitizer and coverage settings of the test process, for the explorer processes it
/// starts.
///
/// A sanitized test run builds `explorer` with the same sanitizer; a spawned process that lost
/// the run's options (suppressions, leak checking) would judge itself by other rules. A run with
/// code coverage tells the spawned process where to write its profile, so that the interactive
/// code it runs counts in the report too.
enum InstrumentationEnvironment {
  /// `ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`, `UBSAN_OPTIONS` and `LLVM_PROFILE_FILE`,
  /// where they are set.
  static let passedThrough: [String: String] = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LLVM_PROFILE_FILE"]
      .contains($0.key)
  }

  /// `environment` with the sanitizer and coverage settings added.
  static func adding(to environment: [String: String]) -> [String: String] {
    environment.merging(passedThrough) { own, _ in own }
  }
}
