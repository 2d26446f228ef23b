import Dependencies
import Swinject
import Wiring

/// Case 5: cases 1 and 2 on one thread and on two threads at once, in wall time per operation.
///
/// With perfect scaling the two-thread figure is half the one-thread figure; the note gives the
/// throughput of two threads relative to one.
func twoThreads(_ report: Report) {
  let settings = report.settings
  let container = opaque(Wiring.Container())
  // NB: Swinject's container is not Sendable; `synchronize()` is its documented way to share it
  // between threads, and the wrapper only carries that resolver to them.
  let swinject = SendableResolver(SwinjectSetup.container().synchronize())
  let holder = opaque(Holder())

  var baseline = 0.0
  print("\n5a. unique resolve (case 1), one thread vs two")
  print(Report.columns)
  compare(report, settings, &baseline, "direct init", isBaseline: true) { n in
    for _ in 0..<n { consume(PlainService() as any Service) }
  }
  compare(report, settings, &baseline, "Wiring") { n in
    for _ in 0..<n { consume(container.plain()) }
  }
  compare(report, settings, &baseline, "Swinject (synchronized)") { n in
    for _ in 0..<n { consume(swinject.resolver.resolve((any Service).self, name: "unique")!) }
  }
  compare(report, settings, &baseline, "swift-dependencies") { n in
    for _ in 0..<n {
      @Dependency(\.serviceMaker) var maker
      consume(maker.make())
    }
  }

  print("\n5b. cached resolve (case 2), one thread vs two")
  print(Report.columns)
  compare(report, settings, &baseline, "stored let read", isBaseline: true) { n in
    for _ in 0..<n { consume(holder.service) }
  }
  compare(report, settings, &baseline, "stored let, returned") { n in
    for _ in 0..<n { consume(holder.handOut()) }
  }
  compare(report, settings, &baseline, "Wiring (.cached)") { n in
    for _ in 0..<n { consume(container.cachedService()) }
  }
  compare(report, settings, &baseline, "Wiring (.singleton)") { n in
    for _ in 0..<n { consume(container.singletonService()) }
  }
  compare(report, settings, &baseline, "Swinject (synchronized)") { n in
    for _ in 0..<n { consume(swinject.resolver.resolve((any Service).self, name: "cached")!) }
  }
  compare(report, settings, &baseline, "swift-dependencies") { n in
    for _ in 0..<n {
      @Dependency(\.cachedService) var service
      consume(service)
    }
  }
}

/// Two rows: `body` on one thread, then on two; the second row's note is the scaling. The ratio
/// column compares with the one-thread baseline of the same case.
private func compare(
  _ report: Report, _ settings: Settings, _ baseline: inout Double, _ library: String,
  isBaseline: Bool = false, _ body: @escaping @Sendable (Int) -> Void
) {
  let one = measure(settings, threads: 1, body)
  let two = measure(settings, threads: 2, body)
  if isBaseline { baseline = one.median }
  func ratio(_ timing: Timing) -> String { format(timing.median / baseline, digits: 1) + "×" }
  report.printRow(library + ", 1 thread", one, ratio: ratio(one))
  let scaling = one.median / two.median
  report.printRow(
    library + ", 2 threads", two, ratio: ratio(two),
    note: "scaling " + format(scaling, digits: 2) + "×")
}

struct SendableResolver: @unchecked Sendable {
  // NB: `@unchecked` is sound because the resolver is Swinject's synchronized one, which takes
  // its own recursive lock around every resolution.
  let resolver: any Resolver
  init(_ resolver: any Resolver) { self.resolver = resolver }
}
