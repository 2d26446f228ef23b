import Dependencies
import Swinject
import Wiring

/// Case 9: heap traffic per resolve for cases 1, 2 and 3, and the memory 1,000 registrations keep.
func memory(_ report: Report, iterations: Int) {
  print("\n9. heap allocations (counted by ordo-one's malloc interposer)")
  guard AllocationCounter.isActive else {
    report.printRow("all", text: "n/a: the interposer library was not preloaded")
    return
  }
  let container = opaque(Wiring.Container())
  let swinject = opaque(SwinjectSetup.container())
  let holder = opaque(Holder())
  func row(_ library: String, _ body: (Int) -> Void) {
    guard let counted = AllocationCounter.count(iterations: iterations, body) else { return }
    report.printRow(
      library,
      text: format(counted.count, digits: 2) + " allocations, "
        + format(counted.bytes, digits: 0) + " bytes per resolve")
  }
  row("1. direct init") { n in for _ in 0..<n { consume(PlainService() as any Service) } }
  row("1. Wiring") { n in for _ in 0..<n { consume(container.plain()) } }
  row("1. Swinject") { n in
    for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "unique")!) }
  }
  row("1. swift-dependencies") { n in
    for _ in 0..<n {
      @Dependency(\.serviceMaker) var maker
      consume(maker.make())
    }
  }
  row("2. stored let read") { n in for _ in 0..<n { consume(holder.service) } }
  row("2. Wiring (.cached)") { n in for _ in 0..<n { consume(container.cachedService()) } }
  row("2. Wiring (.singleton)") { n in
    for _ in 0..<n { consume(container.singletonService()) }
  }
  row("2. Swinject (.container)") { n in
    for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "cached")!) }
  }
  row("2. swift-dependencies") { n in
    for _ in 0..<n {
      @Dependency(\.cachedService) var service
      consume(service)
    }
  }
  row("3. direct inits") { n in
    for _ in 0..<n { consume(ChainA(b: ChainB(c: ChainC(d: ChainD())))) }
  }
  row("3. Wiring") { n in for _ in 0..<n { consume(container.chainA()) } }

  func kept(_ library: String, _ make: () -> Any) {
    let bytes = AllocationCounter.retainedBytes(make)
    report.printRow(
      library, text: format(bytes / 1_000, digits: 0) + " bytes kept per registration")
  }
  kept("1,000 registered: Wiring") {
    let container = Wiring.Container()
    var markers = WiringMarkers(container: container, cache: false)
    visitTypes(count: 1_000, &markers)
    return container
  }
  kept("1,000 registered: Swinject") {
    let container = Swinject.Container()
    var markers = SwinjectMarkers(container: container, cache: false)
    visitTypes(count: 1_000, &markers)
    return container
  }
  kept("1,000 registered: swift-dependencies") {
    var markers = DependenciesMarkers(values: DependencyValues())
    visitTypes(count: 1_000, &markers)
    return markers.values
  }
}
