import Dependencies
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 1: a new instance of a service with no dependencies, on every resolution.
func uniqueResolve(_ report: Report) {
  let container = opaque(Wiring.Container())
  let swinject = opaque(SwinjectSetup.container())
  #if FACTORY
  let factory = opaque(FactoryKit.Container())
  #endif
  report.section("1. unique resolve, no dependencies") { rows in
    rows.add("direct init (existential)", isBaseline: true) { n in
      for _ in 0..<n { consume(PlainService() as any Service) }
    }
    rows.add("Wiring") { n in
      for _ in 0..<n { consume(container.plain()) }
    }
    rows.add("Wiring (with .onTest, not under test)") { n in
      for _ in 0..<n { consume(container.plainOrTestDouble()) }
    }
    rows.add("Wiring (.graph, resolved alone)") { n in
      for _ in 0..<n { consume(container.graphAlone()) }
    }
    #if FACTORY
    rows.add("Factory") { n in
      for _ in 0..<n { consume(factory.plain()) }
    }
    rows.add("Factory (with .onTest, not under test)") { n in
      for _ in 0..<n { consume(factory.plainOrTestDouble()) }
    }
    rows.add("Factory (.graph, resolved alone)") { n in
      for _ in 0..<n { consume(factory.graphAlone()) }
    }
    #endif
    rows.add("Swinject (.transient)") { n in
      for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "unique")!) }
    }
    rows.add("swift-dependencies (maker)") { n in
      for _ in 0..<n {
        @Dependency(\.serviceMaker) var maker
        consume(maker.make())
      }
    }
  }
}
