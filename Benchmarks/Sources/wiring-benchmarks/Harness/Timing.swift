/// The distribution of nanoseconds per operation over a case's samples.
struct Timing: Sendable {
  /// The median sample.
  let median: Double
  /// The 25th and 75th percentiles: half of the samples fall between them.
  let lowerQuartile: Double
  let upperQuartile: Double

  init(samples: [Double]) {
    let sorted = samples.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    median = percentile(0.5)
    lowerQuartile = percentile(0.25)
    upperQuartile = percentile(0.75)
  }

  /// Half the interquartile range, relative to the median: `±3%`.
  var spread: Double {
    median > 0 ? (upperQuartile - lowerQuartile) / 2 / median : 0
  }
}
