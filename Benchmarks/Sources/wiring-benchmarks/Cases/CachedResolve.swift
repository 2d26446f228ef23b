import Dependencies
import Swinject
import Wiring

/// Case 2: the instance kept for a container, and Wiring's process-wide singleton.
func cachedResolve(_ report: Report, _ settings: Settings) {
  report.begin("2. cached resolve")
  let holder = opaque(Holder())
  report.add("stored let read", measure(settings) { n in
    for _ in 0..<n { consume(holder.service) }
  }, isBaseline: true)
  let container = opaque(Wiring.Container())
  report.add("Wiring (.cached)", measure(settings) { n in
    for _ in 0..<n { consume(container.cachedService()) }
  })
  report.add("Wiring (.singleton)", measure(settings) { n in
    for _ in 0..<n { consume(container.singletonService()) }
  })
  let swinject = opaque(SwinjectSetup.container())
  report.add("Swinject (.container)", measure(settings) { n in
    for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "cached")!) }
  })
  report.add("swift-dependencies", measure(settings) { n in
    for _ in 0..<n {
      @Dependency(\.cachedService) var service
      consume(service)
    }
  })
}
