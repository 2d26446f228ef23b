/// Runs each of `bodies` repeatedly, taking turns, and returns nanoseconds per iteration: the
/// distribution, and each round's sample in order.
///
/// Each body's iteration count is calibrated so that one sample lasts about `settings.sample`.
/// The bodies then take turns for `settings.warmUp`, and then for `settings.samples` rounds in
/// which each runs one timed sample. Each body runs its own loop, so the only per-iteration
/// overhead is that loop and the `consume` sink.
func measureInterleaved(
  _ settings: Settings, _ bodies: [(Int) -> Void]
) -> [(timing: Timing, rounds: [Double])] {
  let iterations = bodies.map { calibrate(settings, $0) }
  let warmUpEnd = now() + settings.warmUp
  while now() < warmUpEnd {
    for (body, count) in zip(bodies, iterations) { body(count) }
  }
  var rounds = Array(repeating: [Double](), count: bodies.count)
  for _ in 0..<settings.samples {
    for index in bodies.indices {
      let start = now()
      bodies[index](iterations[index])
      rounds[index].append(Double(now() - start) / Double(iterations[index]))
    }
  }
  return rounds.map { (Timing(samples: $0), $0) }
}

/// The iteration count that makes one sample last about `settings.sample`.
///
/// One unmeasured run comes first, so that one-time costs (the first task starting the
/// concurrency runtime's threads, say) do not pass for the cost of an iteration.
func calibrate(_ settings: Settings, _ body: (Int) -> Void) -> Int {
  body(1)
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
