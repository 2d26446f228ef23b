import Dependencies
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 3: A → B → C → D, all unique, each factory resolving the next.
func transientChain(_ report: Report) {
  let container = opaque(Wiring.Container())
  let swinject = opaque(SwinjectSetup.container())
  #if FACTORY
  let factory = opaque(FactoryKit.Container())
  #endif
  report.section("3. transient chain A → B → C → D") { rows in
    rows.add("direct inits", isBaseline: true) { n in
      for _ in 0..<n { consume(ChainA(b: ChainB(c: ChainC(d: ChainD())))) }
    }
    rows.add("Wiring") { n in
      for _ in 0..<n { consume(container.chainA()) }
    }
    #if FACTORY
    rows.add("Factory") { n in
      for _ in 0..<n { consume(factory.chainA()) }
    }
    #endif
    rows.add("Swinject (.transient)") { n in
      for _ in 0..<n { consume(swinject.resolve(ChainA.self)!) }
    }
    rows.add("swift-dependencies (makers)") { n in
      for _ in 0..<n {
        @Dependency(\.chainA) var chainA
        consume(chainA.make())
      }
    }
  }
}
