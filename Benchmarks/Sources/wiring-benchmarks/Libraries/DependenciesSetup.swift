import Dependencies

// swift-dependencies keeps one value per key and has no transient scope. A transient service is
// therefore a client whose closure builds it, the library's idiom for "make a new one".

/// Builds a new service on every call.
struct ServiceMaker: Sendable {
  var make: @Sendable () -> any Service
}

/// Builds the transient chain A → B → C → D, each maker resolving the next.
struct ChainMaker<Value>: Sendable {
  var make: @Sendable () -> Value
}

enum ServiceMakerKey: DependencyKey {
  static let liveValue = ServiceMaker { PlainService() }
}

enum CachedServiceKey: DependencyKey {
  static let liveValue: any Service = PlainService()
}

enum ChainAKey: DependencyKey {
  static let liveValue = ChainMaker {
    @Dependency(\.chainB) var chainB
    return ChainA(b: chainB.make())
  }
}

enum ChainBKey: DependencyKey {
  static let liveValue = ChainMaker {
    @Dependency(\.chainC) var chainC
    return ChainB(c: chainC.make())
  }
}

enum ChainCKey: DependencyKey {
  static let liveValue = ChainMaker {
    @Dependency(\.chainD) var chainD
    return ChainC(d: chainD.make())
  }
}

enum ChainDKey: DependencyKey {
  static let liveValue = ChainMaker { ChainD() }
}

/// One of many keys, told apart by their type.
enum MarkerKey<T>: DependencyKey {
  static var liveValue: Int { 0 }
}

extension DependencyValues {
  var serviceMaker: ServiceMaker {
    get { self[ServiceMakerKey.self] }
    set { self[ServiceMakerKey.self] = newValue }
  }
  var cachedService: any Service {
    get { self[CachedServiceKey.self] }
    set { self[CachedServiceKey.self] = newValue }
  }
  var chainA: ChainMaker<ChainA> { self[ChainAKey.self] }
  var chainB: ChainMaker<ChainB> { self[ChainBKey.self] }
  var chainC: ChainMaker<ChainC> { self[ChainCKey.self] }
  var chainD: ChainMaker<ChainD> { self[ChainDKey.self] }
}
