#if FACTORY
import FactoryKit

// Factory 3, the library Wiring is spelled after, declared the way its README shows. Built only
// when FACTORY_PATH names a checkout of hmlongco/Factory (see Package.swift).

extension FactoryKit.Container {
  var plain: Factory<any Service> { self { PlainService() } }
  var graphAlone: Factory<any Service> { self { PlainService() }.graph }
  var plainOrTestDouble: Factory<any Service> {
    self { PlainService() }.onTest { PlainService() }
  }
  var cachedService: Factory<any Service> { self { PlainService() }.cached }
  var cachedWithContexts: Factory<any Service> {
    self { PlainService() }.cached.onPreview { PlainService() }.onTest { PlainService() }
  }
  var singletonService: Factory<any Service> { self { PlainService() }.singleton }
  var cachedPerID: ParameterFactory<Int, any Service> {
    self { _ in PlainService() }.cached.scopeOnParameters
  }

  var chainA: Factory<ChainA> { self { ChainA(b: self.chainB()) } }
  var chainB: Factory<ChainB> { self { ChainB(c: self.chainC()) } }
  var chainC: Factory<ChainC> { self { ChainC(d: self.chainD()) } }
  var chainD: Factory<ChainD> { self { ChainD() } }

  var utility: Factory<Utility> { self { Utility() }.graph }
  var left: Factory<Left> { self { Left(utility: self.utility()) } }
  var right: Factory<Right> { self { Right(utility: self.utility()) } }
  var household: Factory<Household> {
    self { Household(left: self.left(), right: self.right()) }
  }

  func marker<T>(_: T.Type) -> Factory<Marker<T>> { self { Marker<T>() }.cached }
}

/// The same as `WiringMarkers`, for Factory.
struct FactoryMarkers: TypeVisitor {
  let container: FactoryKit.Container
  let cache: Bool

  mutating func visit<T>(_: T.Type) {
    if cache {
      consume(container.marker(T.self)())
    } else {
      container.marker(T.self).register { Marker<T>() }.scope(.unique)
    }
  }
}
#endif
