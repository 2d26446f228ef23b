import Dependencies
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 7: a unique resolve of one factory among 1,000 registered ones.
func manyRegistrations(_ report: Report) {
  let container = opaque(Wiring.Container())
  var wiring = WiringMarkers(container: container, cache: false)
  visitTypes(count: 999, &wiring)
  container.plain.register { PlainService() }
  let swinject = opaque(SwinjectSetup.container())
  var markers = SwinjectMarkers(container: swinject, cache: false)
  visitTypes(count: 999, &markers)
  var dependencies = DependenciesMarkers(values: DependencyValues())
  visitTypes(count: 999, &dependencies)
  dependencies.values.serviceMaker = ServiceMaker { PlainService() }
  let values = dependencies.values
  #if FACTORY
  let factory = opaque(FactoryKit.Container())
  var factoryMarkers = FactoryMarkers(container: factory, cache: false)
  visitTypes(count: 999, &factoryMarkers)
  factory.plain.register { PlainService() }
  #endif

  report.section("7. resolve one of 1,000 registrations") { rows in
    rows.add("direct init (existential)", isBaseline: true) { n in
      for _ in 0..<n { consume(PlainService() as any Service) }
    }
    rows.add("Wiring", note: "all 1,000 registered") { n in
      for _ in 0..<n { consume(container.plain()) }
    }
    rows.add("Wiring, this one only declared") { n in
      for _ in 0..<n { consume(container.declaredOnly()) }
    }
    #if FACTORY
    rows.add("Factory", note: "all 1,000 registered") { n in
      for _ in 0..<n { consume(factory.plain()) }
    }
    #endif
    rows.add("Swinject (.transient)") { n in
      for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "unique")!) }
    }
    rows.add("swift-dependencies (maker)") { n in
      withDependencies {
        $0 = values
      } operation: {
        for _ in 0..<n {
          @Dependency(\.serviceMaker) var maker
          consume(maker.make())
        }
      }
    }
  }
}
