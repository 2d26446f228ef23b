import Swinject
import Wiring

/// Case 4: Left and Right share one Utility within a resolution of Household.
func graphScope(_ report: Report, _ settings: Settings) {
  report.begin("4. graph scope: Household → Left, Right → one shared Utility")
  report.add("direct inits", measure(settings) { n in
    for _ in 0..<n {
      let utility = Utility()
      consume(Household(left: Left(utility: utility), right: Right(utility: utility)))
    }
  }, isBaseline: true)
  let container = opaque(Wiring.Container())
  report.add("Wiring (.graph)", measure(settings) { n in
    for _ in 0..<n { consume(container.household()) }
  })
  let swinject = opaque(SwinjectSetup.container())
  report.add("Swinject (.graph)", measure(settings) { n in
    for _ in 0..<n { consume(swinject.resolve(Household.self)!) }
  })
  report.add("swift-dependencies", text: "n/a: no scope per resolution")
}
