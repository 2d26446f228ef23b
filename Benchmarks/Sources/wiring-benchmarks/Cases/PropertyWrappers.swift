import Dependencies
import Wiring

/// Case 8: Wiring's property wrappers against what a class does without them.
func propertyWrappers(_ report: Report, _ settings: Settings) {
  report.begin("8a. @Injected: make a new consumer")
  report.add("direct: let service = PlainService()", measure(settings) { n in
    for _ in 0..<n { consume(DirectConsumer()) }
  }, isBaseline: true)
  report.add("Wiring @Injected", measure(settings) { n in
    for _ in 0..<n { consume(InjectedConsumer()) }
  })

  report.begin("8b. @LazyInjected: make a new consumer and read it once")
  report.add("direct: lazy var", measure(settings) { n in
    for _ in 0..<n { consume(LazyVarConsumer().service) }
  }, isBaseline: true)
  report.add("Wiring @LazyInjected", measure(settings) { n in
    for _ in 0..<n { consume(LazyInjectedConsumer().service) }
  })

  report.begin("8c. @LazyInjected: later reads")
  let lazyVar = opaque(LazyVarConsumer())
  consume(lazyVar.service)
  report.add("direct: lazy var", measure(settings) { n in
    for _ in 0..<n { consume(lazyVar.service) }
  }, isBaseline: true)
  let lazyInjected = opaque(LazyInjectedConsumer())
  consume(lazyInjected.service)
  report.add("Wiring @LazyInjected", measure(settings) { n in
    for _ in 0..<n { consume(lazyInjected.service) }
  })

  report.begin("8d. @DynamicInjected: read a cached service")
  let holder = opaque(Holder())
  report.add("stored let read", measure(settings) { n in
    for _ in 0..<n { consume(holder.service) }
  }, isBaseline: true)
  let dynamic = opaque(DynamicConsumer())
  report.add("Wiring @DynamicInjected", measure(settings) { n in
    for _ in 0..<n { consume(dynamic.service) }
  })
  let dependency = opaque(DependencyConsumer())
  report.add("swift-dependencies @Dependency", measure(settings) { n in
    for _ in 0..<n { consume(dependency.service) }
  })
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

final class LazyInjectedConsumer {
  @LazyInjected(\.plain) var service
}

final class DynamicConsumer {
  @DynamicInjected(\.cachedService) var service
}

final class DependencyConsumer {
  @Dependency(\.cachedService) var service
}
