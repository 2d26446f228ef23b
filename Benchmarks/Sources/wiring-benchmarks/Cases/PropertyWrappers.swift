import Dependencies
import Wiring

/// Case 8: Wiring's property wrappers against what a class does without them.
func propertyWrappers(_ report: Report) {
  report.section("8a. @Injected: make a new consumer") { rows in
    rows.add("direct: let service = PlainService()", isBaseline: true) { n in
      for _ in 0..<n { consume(DirectConsumer()) }
    }
    rows.add("Wiring @Injected") { n in
      for _ in 0..<n { consume(InjectedConsumer()) }
    }
  }

  report.section("8b. @LazyInjected: make a new consumer and read it once") { rows in
    rows.add("direct: lazy var", isBaseline: true) { n in
      for _ in 0..<n { consume(LazyVarConsumer().service) }
    }
    rows.add("lazy var = Container.shared.plain()") { n in
      for _ in 0..<n { consume(LazyResolvingConsumer().service) }
    }
    rows.add("once-only cell, hand-written", note: "one CAS, no waits or cycle checks") { n in
      for _ in 0..<n { consume(OnceCellConsumer().service) }
    }
    rows.add("Wiring @LazyInjected") { n in
      for _ in 0..<n { consume(LazyInjectedConsumer().service) }
    }
  }

  let lazyVar = opaque(LazyVarConsumer())
  consume(lazyVar.service)
  let lazyInjected = opaque(LazyInjectedConsumer())
  consume(lazyInjected.service)
  report.section("8c. @LazyInjected: later reads") { rows in
    rows.add("direct: lazy var", isBaseline: true) { n in
      for _ in 0..<n { consume(lazyVar.service) }
    }
    rows.add("Wiring @LazyInjected") { n in
      for _ in 0..<n { consume(lazyInjected.service) }
    }
  }

  let holder = opaque(Holder())
  let dynamic = opaque(DynamicConsumer())
  let dependency = opaque(DependencyConsumer())
  report.section("8d. @DynamicInjected: read a cached service") { rows in
    rows.add("stored let read", isBaseline: true) { n in
      for _ in 0..<n { consume(holder.service) }
    }
    rows.add("Wiring @DynamicInjected") { n in
      for _ in 0..<n { consume(dynamic.service) }
    }
    rows.add("swift-dependencies @Dependency") { n in
      for _ in 0..<n { consume(dependency.service) }
    }
  }
}

final class DirectConsumer {
  let service: any Service = PlainService()
}

final class InjectedConsumer {
  @Injected(\.plain) var service
}

final class LazyVarConsumer {
  lazy var service: any Service = PlainService()
}

/// The floor of a lazily resolved property: a `lazy var` that resolves on first read, with none
/// of `@LazyInjected`'s guarantees (once-only under races, the container of the owner's making).
final class LazyResolvingConsumer {
  lazy var service: any Service = Wiring.Container.shared.plain()
}

final class LazyInjectedConsumer {
  @LazyInjected(\.plain) var service
}

final class DynamicConsumer {
  @DynamicInjected(\.cachedService) var service
}

final class DependencyConsumer {
  @Dependency(\.cachedService) var service
}
