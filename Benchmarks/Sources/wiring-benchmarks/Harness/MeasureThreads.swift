import Foundation
import Synchronization

/// Runs `body(iterations)` on `threads` threads at once and returns wall-clock nanoseconds per
/// operation across all of them: with perfect scaling, two threads halve the one-thread figure.
///
/// The calling thread is one of the threads; the others are started once for the whole
/// measurement and wait for each round on a flag, so neither thread start-up nor a fresh
/// thread's first allocations are timed. A round ends when the last thread finishes.
func measure(
  _ settings: Settings, threads: Int, _ body: @escaping @Sendable (Int) -> Void
) -> Timing {
  let iterations = calibrate(settings, body)
  let crew = Crew(helpers: threads - 1, iterations: iterations, body)
  defer { crew.dismiss() }
  let warmUpEnd = now() + settings.warmUp
  while now() < warmUpEnd { _ = crew.round() }
  var samples: [Double] = []
  for _ in 0..<settings.samples {
    samples.append(Double(crew.round()) / Double(iterations * threads))
  }
  return Timing(samples: samples)
}

/// Helper threads that run the body once per round, together with the calling thread.
private final class Crew: Sendable {
  private let helpers: Int
  private let iterations: Int
  private let body: @Sendable (Int) -> Void
  /// The round the helpers should run; -1 tells them to exit.
  private let started = Atomic(0)
  private let finished = Atomic(0)
  private let lastEnd = Atomic<UInt64>(0)

  init(helpers: Int, iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    self.helpers = helpers
    self.iterations = iterations
    self.body = body
    for _ in 0..<helpers {
      Thread { [self] in work() }.start()
    }
  }

  private func work() {
    var round = 0
    while true {
      var next = started.load(ordering: .acquiring)
      while next == round {
        sched_yield()
        next = started.load(ordering: .acquiring)
      }
      if next < 0 { return }
      round = next
      body(iterations)
      lastEnd.max(now(), ordering: .relaxed)
      finished.add(1, ordering: .releasing)
    }
  }

  /// One timed round: nanoseconds from the start until the last thread is done.
  func round() -> UInt64 {
    let target = finished.load(ordering: .acquiring) + helpers
    lastEnd.store(0, ordering: .relaxed)
    let start = now()
    started.add(1, ordering: .releasing)
    body(iterations)
    lastEnd.max(now(), ordering: .relaxed)
    while finished.load(ordering: .acquiring) < target { sched_yield() }
    return lastEnd.load(ordering: .relaxed) - start
  }

  func dismiss() {
    started.store(-1, ordering: .releasing)
  }
}
