import Dependencies
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 2: the instance kept for a container, and Wiring's process-wide singleton.
func cachedResolve(_ report: Report) {
  let holder = opaque(Holder())
  let container = opaque(Wiring.Container())
  let swinject = opaque(SwinjectSetup.container())
  #if FACTORY
  let factory = opaque(FactoryKit.Container())
  #endif
  report.section("2. cached resolve") { rows in
    rows.add("stored let read", isBaseline: true) { n in
      for _ in 0..<n { consume(holder.service) }
    }
    rows.add("stored let, returned", note: "retained for the caller") { n in
      for _ in 0..<n { consume(holder.handOut()) }
    }
    rows.add("Wiring (.cached)") { n in
      for _ in 0..<n { consume(container.cachedService()) }
    }
    rows.add("Wiring (.scope(.cached))") { n in
      for _ in 0..<n { consume(container.cachedByFunction()) }
    }
    rows.add("Wiring (.cached.scopeOnParameters)", note: "8 Int arguments in turn") { n in
      for index in 0..<n { consume(container.cachedPerID(index & 7)) }
    }
    rows.add("Wiring (.singleton)") { n in
      for _ in 0..<n { consume(container.singletonService()) }
    }
    rows.add("Wiring (.cached.onPreview.onTest)") { n in
      for _ in 0..<n { consume(container.cachedWithContexts()) }
    }
    #if FACTORY
    rows.add("Factory (.cached)") { n in
      for _ in 0..<n { consume(factory.cachedService()) }
    }
    rows.add("Factory (.cached.scopeOnParameters)", note: "8 Int arguments in turn") { n in
      for index in 0..<n { consume(factory.cachedPerID(index & 7)) }
    }
    rows.add("Factory (.singleton)") { n in
      for _ in 0..<n { consume(factory.singletonService()) }
    }
    rows.add("Factory (.cached.onPreview.onTest)") { n in
      for _ in 0..<n { consume(factory.cachedWithContexts()) }
    }
    #endif
    rows.add("Swinject (.container)") { n in
      for _ in 0..<n { consume(swinject.resolve((any Service).self, name: "cached")!) }
    }
    rows.add("swift-dependencies") { n in
      for _ in 0..<n {
        @Dependency(\.cachedService) var service
        consume(service)
      }
    }
  }
}
