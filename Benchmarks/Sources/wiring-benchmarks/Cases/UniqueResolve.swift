import Dependencies
import Swinject
import Wiring

/// Case 1: a new instance of a service with no dependencies, on every resolution.
func uniqueResolve(_ report: Report, _ settings: Settings) {
  report.begin("1. unique resolve, no dependencies")
  report.add("direct init (existential)", measure(settings) { n in
    for _ in 0..<n { consume(PlainService() as any Service) }
  }, isBaseline: true)
  let container = opaque(Wiring.Container())
  report.add("Wiring", measure(settings) { n in
    for _ in 0..<n { consume(container.plain()) }
  })
  let swinject = opaque(SwinjectSetup.container())
  report.add("Swinject (.transient)", measure(settings) { n in
    for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "unique")!) }
  })
  report.add("swift-dependencies (maker)", measure(settings) { n in
    for _ in 0..<n {
      @Dependency(\.serviceMaker) var maker
      consume(maker.make())
    }
  })
}
