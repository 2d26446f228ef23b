import Dependencies
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 6: register a replacement, then resolve once; with nothing else kept, and with 1,000
/// cached instances in the same container.
func overrides(_ report: Report) {
  let holder = opaque(MakerHolder())
  var containers: [(String, Wiring.Container, Swinject.Container, DependencyValues)] = []
  for cached in [0, 1_000] {
    let suffix = cached == 0 ? "" : ", 1,000 cached"
    let container = opaque(Wiring.Container())
    var wiring = WiringMarkers(container: container, cache: true)
    visitTypes(count: cached, &wiring)
    let swinject = opaque(SwinjectSetup.container())
    var markers = SwinjectMarkers(container: swinject, cache: true)
    visitTypes(count: cached, &markers)
    var values = DependenciesMarkers(values: DependencyValues())
    visitTypes(count: cached, &values)
    containers.append((suffix, container, swinject, values.values))
  }
  #if FACTORY
  var factories: [(String, FactoryKit.Container)] = []
  for cached in [0, 1_000] {
    let factory = opaque(FactoryKit.Container())
    var markers = FactoryMarkers(container: factory, cache: true)
    visitTypes(count: cached, &markers)
    factories.append((cached == 0 ? "" : ", 1,000 cached", factory))
  }
  #endif
  report.section("6. register an override, then resolve once") { rows in
    rows.add("direct: assign a closure, call it", isBaseline: true) { n in
      for _ in 0..<n {
        holder.make = { OtherService() }
        consume(holder.make())
      }
    }
    for (suffix, container, _, _) in containers {
      rows.add("Wiring" + suffix) { n in
        for _ in 0..<n {
          container.plain.register { OtherService() }
          consume(container.plain())
        }
      }
    }
    #if FACTORY
    for (suffix, factory) in factories {
      rows.add("Factory" + suffix) { n in
        for _ in 0..<n {
          factory.plain.register { OtherService() }
          consume(factory.plain())
        }
      }
    }
    #endif
    for (suffix, _, swinject, _) in containers {
      rows.add("Swinject" + suffix) { n in
        for _ in 0..<n {
          swinject.register((any Service).self, name: "unique") { _ in OtherService() }
          consume(swinject.resolve((any Service).self, name: "unique")!)
        }
      }
    }
    for (suffix, _, _, values) in containers {
      rows.add("swift-dependencies" + suffix) { n in
        withDependencies {
          $0 = values
        } operation: {
          for _ in 0..<n {
            withDependencies {
              $0.serviceMaker = ServiceMaker { OtherService() }
            } operation: {
              @Dependency(\.serviceMaker) var maker
              consume(maker.make())
            }
          }
        }
      }
    }
  }
}

/// A closure in a mutable property: what an override replaces, without a container.
final class MakerHolder {
  var make: () -> any Service = { PlainService() }
}

/// Registers (or resolves, to cache it) one Wiring factory per visited type.
struct WiringMarkers: TypeVisitor {
  let container: Wiring.Container
  /// Resolve each cached factory once instead of registering an override.
  let cache: Bool

  mutating func visit<T>(_: T.Type) {
    if cache {
      consume(container.marker(T.self)())
    } else {
      container.marker(T.self).register { Marker<T>() }.scope(.unique)
    }
  }
}

/// The same for Swinject: one registration per visited type.
struct SwinjectMarkers: TypeVisitor {
  let container: Swinject.Container
  let cache: Bool

  mutating func visit<T>(_: T.Type) {
    if cache {
      container.register(Marker<T>.self) { _ in Marker<T>() }.inObjectScope(.container)
      consume(container.resolve(Marker<T>.self)!)
    } else {
      container.register(Marker<T>.self) { _ in Marker<T>() }.inObjectScope(.transient)
    }
  }
}

/// The same for swift-dependencies: one value set per visited key type.
struct DependenciesMarkers: TypeVisitor {
  var values: DependencyValues

  mutating func visit<T>(_: T.Type) {
    values[MarkerKey<T>.self] = 1
  }
}
