import Testing

@testable import Wiring

extension Trait where Self == ConditionTrait {
  /// For tests of the lock-free paths and their structures, which a system without atomics
  /// (an Apple system before iOS 18 and macOS 15, or a `WIRING_WITHOUT_ATOMICS` build) never
  /// takes: there every resolution takes the locked path, and the behaviour tests cover it.
  static var lockFree: Self {
    .enabled(
      if: AtomicWords.isSupported,
      "no atomics here: resolutions take the locked paths (WIRING_WITHOUT_ATOMICS)")
  }
}
