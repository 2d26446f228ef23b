/// How long and how often each case is measured.
struct Settings: Sendable {
  /// Time spent running the case before any sample is kept.
  var warmUp: UInt64
  /// The target duration of one sample; the iteration count is calibrated to reach it.
  var sample: UInt64
  /// How many samples the median and spread are computed from.
  var samples: Int

  /// The full run: 40 ms warm-up, then 31 samples of about 3 ms each.
  static let full = Settings(warmUp: 40_000_000, sample: 3_000_000, samples: 31)

  /// One short pass over every case, so a build that broke a case is noticed; the numbers mean
  /// nothing.
  static let smoke = Settings(warmUp: 0, sample: 50_000, samples: 1)
}
