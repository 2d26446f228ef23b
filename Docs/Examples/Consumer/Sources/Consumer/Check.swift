import Foundation

/// Records whether each documented behaviour held, and ends the run with the right exit code.
@MainActor
enum Report {
  private static var passed = 0
  private static var failed: [String] = []

  /// Prints one line for `feature`; a behaviour that does not hold makes the run fail.
  static func check(_ feature: String, _ holds: Bool) {
    if holds {
      passed += 1
      print("ok    \(feature)")
    } else {
      failed.append(feature)
      print("FAIL  \(feature)")
    }
  }

  /// Prints a section heading.
  static func section(_ title: String) {
    print("\n\(title)")
  }

  /// Exits 0 when every behaviour held, else 1 after listing what failed.
  static func finish() -> Never {
    guard failed.isEmpty else {
      print("\n\(failed.count) of \(passed + failed.count) behaviours not as documented:")
      for feature in failed { print("  - \(feature)") }
      exit(1)
    }
    print("\nall \(passed) behaviours as documented")
    exit(0)
  }
}

/// Shorthand for `Report.check`.
@MainActor
func check(_ feature: String, _ holds: Bool) {
  Report.check(feature, holds)
}

/// Counts events from any thread: builds, decorations, auto-registrations.
final class Tally: @unchecked Sendable {
  // NB: `@unchecked` is sound because `count` is only touched while `lock` is held.
  private let lock = NSLock()
  private var count = 0

  /// Adds one and returns the new count.
  @discardableResult
  func bump() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }

  /// The current count.
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// Runs `body` on `count` threads that start together, and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      start.wait()
      body(index)
      group.leave()
    }.start()
  }
  for _ in 0..<count { start.signal() }
  group.wait()
}
