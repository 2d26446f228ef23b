import Foundation
import Synchronization

/// Runs `body(iterations)` on `threads` threads at once and returns wall-clock nanoseconds per
/// operation across all of them: with perfect scaling, two threads halve the one-thread figure.
///
/// The threads are started before each sample and spin on a flag, so thread start-up is not
/// timed; the sample ends when the last thread finishes.
func measure(
  _ settings: Settings, threads: Int, _ body: @escaping @Sendable (Int) -> Void
) -> Timing {
  let iterations = calibrate(settings, body)
  let warmUpEnd = now() + settings.warmUp
  while now() < warmUpEnd { _ = run(threads: threads, iterations: iterations, body) }
  var samples: [Double] = []
  for _ in 0..<settings.samples {
    let wall = run(threads: threads, iterations: iterations, body)
    samples.append(Double(wall) / Double(iterations * threads))
  }
  return Timing(samples: samples)
}

/// One sample: the wall time from releasing the threads until the last one is done.
private func run(
  threads: Int, iterations: Int, _ body: @escaping @Sendable (Int) -> Void
) -> UInt64 {
  let gate = Gate()
  for _ in 0..<threads {
    Thread {
      gate.ready.add(1, ordering: .releasing)
      while !gate.open.load(ordering: .acquiring) {}
      body(iterations)
      let end = now()
      gate.lastEnd.max(end, ordering: .relaxed)
      gate.done.add(1, ordering: .releasing)
    }.start()
  }
  while gate.ready.load(ordering: .acquiring) < threads {}
  let start = now()
  gate.open.store(true, ordering: .releasing)
  while gate.done.load(ordering: .acquiring) < threads { sched_yield() }
  return gate.lastEnd.load(ordering: .relaxed) - start
}

/// The flags the threads of one sample meet at.
private final class Gate: Sendable {
  let ready = Atomic(0)
  let open = Atomic(false)
  let done = Atomic(0)
  let lastEnd = Atomic<UInt64>(0)
}
