import Dependencies
import Swinject
import Wiring

/// Case 3: A → B → C → D, all unique, each factory resolving the next.
func transientChain(_ report: Report, _ settings: Settings) {
  report.begin("3. transient chain A → B → C → D")
  report.add("direct inits", measure(settings) { n in
    for _ in 0..<n { consume(ChainA(b: ChainB(c: ChainC(d: ChainD())))) }
  }, isBaseline: true)
  let container = opaque(Wiring.Container())
  report.add("Wiring", measure(settings) { n in
    for _ in 0..<n { consume(container.chainA()) }
  })
  let swinject = opaque(SwinjectSetup.container())
  report.add("Swinject (.transient)", measure(settings) { n in
    for _ in 0..<n { consume(swinject.resolve(ChainA.self)!) }
  })
  report.add("swift-dependencies (makers)", measure(settings) { n in
    for _ in 0..<n {
      @Dependency(\.chainA) var chainA
      consume(chainA.make())
    }
  })
}
