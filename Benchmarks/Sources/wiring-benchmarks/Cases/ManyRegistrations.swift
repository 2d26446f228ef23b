import Dependencies
import Swinject
import Wiring

/// Case 7: a unique resolve of one factory among 1,000 registered ones.
func manyRegistrations(_ report: Report, _ settings: Settings) {
  report.begin("7. resolve one of 1,000 registrations")
  report.add("direct init (existential)", measure(settings) { n in
    for _ in 0..<n { consume(PlainService() as any Service) }
  }, isBaseline: true)

  let container = opaque(Wiring.Container())
  var wiring = WiringMarkers(container: container, cache: false)
  visitTypes(count: 999, &wiring)
  container.plain.register { PlainService() }
  report.add("Wiring", measure(settings) { n in
    for _ in 0..<n { consume(container.plain()) }
  }, note: "999 markers and this one registered")

  let swinject = opaque(SwinjectSetup.container())
  var markers = SwinjectMarkers(container: swinject, cache: false)
  visitTypes(count: 999, &markers)
  report.add("Swinject (.transient)", measure(settings) { n in
    for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "unique")!) }
  })

  withDependencies {
    var values = DependenciesMarkers(values: $0)
    visitTypes(count: 999, &values)
    $0 = values.values
    $0.serviceMaker = ServiceMaker { PlainService() }
  } operation: {
    report.add("swift-dependencies (maker)", measure(settings) { n in
      for _ in 0..<n {
        @Dependency(\.serviceMaker) var maker
        consume(maker.make())
      }
    })
  }
}
