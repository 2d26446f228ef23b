/// Runs `body(iterations)` repeatedly and returns nanoseconds per iteration.
///
/// The iteration count is calibrated so that one sample lasts about `settings.sample`; the case
/// then runs for `settings.warmUp` before `settings.samples` samples are timed. Each body runs its
/// own loop, so the only per-iteration overhead is that loop and the `consume` sink.
func measure(_ settings: Settings, _ body: (Int) -> Void) -> Timing {
  let iterations = calibrate(settings, body)
  let warmUpEnd = now() + settings.warmUp
  while now() < warmUpEnd { body(iterations) }
  var samples: [Double] = []
  samples.reserveCapacity(settings.samples)
  for _ in 0..<settings.samples {
    let start = now()
    body(iterations)
    samples.append(Double(now() - start) / Double(iterations))
  }
  return Timing(samples: samples)
}

/// The iteration count that makes one sample last about `settings.sample`.
func calibrate(_ settings: Settings, _ body: (Int) -> Void) -> Int {
  var iterations = 1
  while true {
    let start = now()
    body(iterations)
    let elapsed = now() - start
    if elapsed >= settings.sample / 4 || iterations >= 1 << 28 {
      let scaled = Double(iterations) * Double(settings.sample) / Double(max(elapsed, 1))
      return max(1, Int(scaled))
    }
    iterations *= 4
  }
}
