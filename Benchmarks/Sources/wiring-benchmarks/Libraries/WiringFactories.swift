import Wiring

extension Wiring.Container {
  var plain: Factory<any Service> { self { PlainService() } }
  /// The same as `plain`, under another key that case 7 never registers.
  var declaredOnly: Factory<any Service> { self { PlainService() } }
  /// A `.graph` factory that case 1 resolves at the top level, where it shares with nothing.
  var graphAlone: Factory<any Service> { self { PlainService() }.graph }
  /// `plain` with a builder for tests, which this process does not run: the context is checked
  /// on every resolution and the declaration's builder wins.
  var plainOrTestDouble: Factory<any Service> {
    self { PlainService() }.onTest { PlainService() }
  }
  var cachedService: Factory<any Service> { self { PlainService() }.cached }
  /// `cachedService` with builders for previews and tests, as SwiftUI apps declare them; this
  /// process runs neither, so the kept instance is returned.
  var cachedWithContexts: Factory<any Service> {
    self { PlainService() }.cached.onPreview { PlainService() }.onTest { PlainService() }
  }
  var singletonService: Factory<any Service> { self { PlainService() }.singleton }
  /// `cachedService` with the function form of the modifier, as Factory's users often write it.
  var cachedByFunction: Factory<any Service> { self { PlainService() }.scope(.cached) }
  /// One instance kept per distinct `Int`, found by hashing the argument.
  var cachedPerID: ParameterFactory<Int, any Service> {
    self { _ in PlainService() }.cached.scopeOnParameters
  }

  var asyncPlain: AsyncFactory<any Service> { self { PlainService() } }
  var asyncCachedService: AsyncFactory<any Service> { self { PlainService() }.cached }
  var asyncSingletonService: AsyncFactory<any Service> { self { PlainService() }.singleton }

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

  /// One of many factories, told apart by their type: `Marker<T>` is a distinct key per `T`.
  func marker<T>(_: T.Type) -> Factory<Marker<T>> { self { Marker<T>() }.cached }
}

/// A value whose type parameter makes each factory of `Container.marker` a key of its own.
final class Marker<T>: Sendable {}
