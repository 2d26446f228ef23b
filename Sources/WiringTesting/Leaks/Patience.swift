internal import Dispatch

/// How long survivors get to go away: tasks the test started may still be finishing, and what
/// they hold goes with them.
///
/// Only time the waiting side could have run counts. A poll that wakes far later than it asked
/// means the whole process was held up (a loaded machine, a sanitizer, a debugger), and the
/// tasks being waited for were held up with it; counting that gap would give up on them before
/// they had a chance.
struct Patience {
  /// Five seconds of waiting, in polls.
  static let totalNanoseconds: UInt64 = 5_000_000_000
  /// The pause between two looks at the survivors.
  static let pollNanoseconds: UInt64 = 5_000_000
  /// The most one poll can count for, however late it woke.
  static let longestPollNanoseconds: UInt64 = 4 * pollNanoseconds

  private var spent: UInt64 = 0
  private var last: UInt64

  /// Patience that starts now.
  init(now: UInt64 = DispatchTime.now().uptimeNanoseconds) { last = now }

  /// Whether there is patience left, counting the time since the last look.
  mutating func lasts(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Bool {
    spent += min(now &- last, Self.longestPollNanoseconds)
    last = now
    return spent < Self.totalNanoseconds
  }
}
