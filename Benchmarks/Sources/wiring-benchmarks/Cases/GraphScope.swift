import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 4: Left and Right share one Utility within a resolution of Household.
func graphScope(_ report: Report) {
  let container = opaque(Wiring.Container())
  let swinject = opaque(SwinjectSetup.container())
  #if FACTORY
  let factory = opaque(FactoryKit.Container())
  #endif
  report.section("4. graph scope: Household → Left, Right → one shared Utility") { rows in
    rows.add("direct inits", isBaseline: true) { n in
      for _ in 0..<n {
        let utility = Utility()
        consume(Household(left: Left(utility: utility), right: Right(utility: utility)))
      }
    }
    rows.add("Wiring (.graph)") { n in
      for _ in 0..<n { consume(container.household()) }
    }
    #if FACTORY
    rows.add("Factory (.graph)") { n in
      for _ in 0..<n { consume(factory.household()) }
    }
    #endif
    rows.add("Swinject (.graph)") { n in
      for _ in 0..<n { consume(swinject.resolve(Household.self)!) }
    }
    rows.note("swift-dependencies", "n/a: no scope per resolution")
  }
}
