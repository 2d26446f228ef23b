import Dependencies
import Foundation
import Swinject
import Wiring

/// Case 5: cases 1 and 2 on 1 thread, on 2, and on every core, in wall time per operation.
///
/// At each thread count the rows take turns in the same rounds, so a library's ratio to the
/// direct baseline is measured against the baseline's time on the same machine minute. With
/// perfect scaling, n threads divide the one-thread time by n; the note gives each row's
/// scaling (throughput on n threads over throughput on one), and what share of the direct
/// baseline's scaling that is.
func twoThreads(_ report: Report) {
  let container = opaque(Wiring.Container())
  // NB: Swinject's container is not Sendable; `synchronize()` is its documented way to share it
  // between threads, and the wrapper only carries that resolver to them.
  let swinject = SendableResolver(SwinjectSetup.container().synchronize())
  let holder = opaque(Holder())
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let counts = Array(Set([1, 2, cores])).sorted()
  let threadCounts = counts.map(String.init).joined(separator: ", ")

  scaling(
    report, "5a. unique resolve (case 1) on \(threadCounts) threads", counts,
    [
      ("direct init", { n in for _ in 0..<n { consume(PlainService() as any Service) } }),
      ("Wiring", { n in for _ in 0..<n { consume(container.plain()) } }),
      (
        "Swinject (synchronized)",
        { n in
          for _ in 0..<n { consume(swinject.resolver.resolve((any Service).self, name: "unique")!) }
        }
      ),
      (
        "swift-dependencies",
        { n in
          for _ in 0..<n {
            @Dependency(\.serviceMaker) var maker
            consume(maker.make())
          }
        }
      ),
    ])
  scaling(
    report, "5b. cached resolve (case 2) on \(threadCounts) threads", counts,
    [
      ("stored let, returned", { n in for _ in 0..<n { consume(holder.handOut()) } }),
      ("stored let read", { n in for _ in 0..<n { consume(holder.service) } }),
      ("Wiring (.cached)", { n in for _ in 0..<n { consume(container.cachedService()) } }),
      ("Wiring (.singleton)", { n in for _ in 0..<n { consume(container.singletonService()) } }),
      (
        "Swinject (synchronized)",
        { n in
          for _ in 0..<n { consume(swinject.resolver.resolve((any Service).self, name: "cached")!) }
        }
      ),
      (
        "swift-dependencies",
        { n in
          for _ in 0..<n {
            @Dependency(\.cachedService) var service
            consume(service)
          }
        }
      ),
    ])
}

/// The rows on each thread count, the first row the baseline of its thread count.
private func scaling(
  _ report: Report, _ title: String, _ counts: [Int],
  _ rows: [(library: String, body: @Sendable (Int) -> Void)]
) {
  print("\n" + title)
  print(Report.columns)
  var oneThread: [Double] = []
  for threads in counts {
    let timings = measureInterleaved(report.settings, threads: threads, rows.map(\.body))
    let base = timings[0].rounds
    if threads == 1 { oneThread = timings.map(\.timing.median) }
    for (index, (timing, rounds)) in timings.enumerated() {
      let ratio = Timing(samples: zip(rounds, base).map { $0 / $1 }).median
      var note = ""
      if threads > 1, oneThread.count == timings.count {
        let scaling = oneThread[index] / timing.median
        let directScaling = oneThread[0] / timings[0].timing.median
        note = "scaling " + format(scaling, digits: 2) + "×"
        if index > 0 {
          note += ", " + format(scaling / directScaling * 100, digits: 0) + "% of the baseline's"
        }
      }
      let label = rows[index].library + (threads == 1 ? ", 1 thread" : ", \(threads) threads")
      report.printRow(label, timing, ratio: format(ratio, digits: 1) + "×", note: note)
    }
  }
}

struct SendableResolver: @unchecked Sendable {
  // NB: `@unchecked` is sound because the resolver is Swinject's synchronized one, which takes
  // its own recursive lock around every resolution.
  let resolver: any Resolver
  init(_ resolver: any Resolver) { self.resolver = resolver }
}
