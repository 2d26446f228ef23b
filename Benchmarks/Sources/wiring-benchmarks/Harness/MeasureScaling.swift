import Foundation
import Synchronization

/// Runs every body on `threads` threads at once, the bodies taking turns round after round as
/// the one-thread cases do, and returns wall-clock nanoseconds per operation for each: so a
/// library and its direct baseline are measured in the same rounds, on the same machine minute.
///
/// Each body has its own crew of `threads - 1` helper threads, started once, which sleep between
/// rounds, so that the crews of the other rows steal no time from the one being measured.
func measureInterleaved(
  _ settings: Settings, threads: Int, _ bodies: [@Sendable (Int) -> Void]
) -> [(timing: Timing, rounds: [Double])] {
  let iterations = bodies.map { calibrate(settings, $0) }
  let crews = zip(bodies, iterations).map { SleepingCrew(helpers: threads - 1, iterations: $1, $0) }
  defer { crews.forEach { $0.dismiss() } }
  let warmUpEnd = now() + settings.warmUp
  while now() < warmUpEnd {
    for crew in crews { _ = crew.round() }
  }
  var rounds = Array(repeating: [Double](), count: bodies.count)
  for _ in 0..<settings.samples {
    for (index, crew) in crews.enumerated() {
      rounds[index].append(Double(crew.round()) / Double(iterations[index] * threads))
    }
  }
  return rounds.map { (Timing(samples: $0), $0) }
}

/// Helper threads that run a body once per round together with the calling thread, and sleep on
/// a semaphore between rounds.
private final class SleepingCrew: Sendable {
  private let helpers: Int
  private let iterations: Int
  private let body: @Sendable (Int) -> Void
  private let start = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let dismissed = Atomic(false)
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
    while true {
      start.wait()
      if dismissed.load(ordering: .acquiring) { return }
      body(iterations)
      lastEnd.max(now(), ordering: .relaxed)
      done.signal()
    }
  }

  /// One timed round: nanoseconds from the start until the last thread is done.
  func round() -> UInt64 {
    lastEnd.store(0, ordering: .relaxed)
    let begin = now()
    for _ in 0..<helpers { start.signal() }
    body(iterations)
    lastEnd.max(now(), ordering: .relaxed)
    for _ in 0..<helpers { done.wait() }
    return lastEnd.load(ordering: .relaxed) - begin
  }

  func dismiss() {
    dismissed.store(true, ordering: .releasing)
    for _ in 0..<helpers { start.signal() }
  }
}
