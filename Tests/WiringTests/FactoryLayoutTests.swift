import Testing

@testable import Wiring

/// A value type that a factory might make, to measure `Factory` with.
enum MadeType: CaseIterable, Sendable, CustomTestStringConvertible {
  case classInstance, existential, optional, integer, string, largeStruct

  /// The size of a `Factory` that makes this type.
  var factorySize: Int {
    switch self {
    case .classInstance: MemoryLayout<Factory<Counter>>.size
    case .existential: MemoryLayout<Factory<any Sendable>>.size
    case .optional: MemoryLayout<Factory<Counter?>>.size
    case .integer: MemoryLayout<Factory<Int>>.size
    case .string: MemoryLayout<Factory<String>>.size
    case .largeStruct: MemoryLayout<Factory<(Int, Int, Int, Int, Int, Int, Int, Int)>>.size
    }
  }

  /// The size of a `ParameterFactory` from a `String` that makes this type.
  var parameterFactorySize: Int {
    switch self {
    case .classInstance: MemoryLayout<ParameterFactory<String, Counter>>.size
    case .existential: MemoryLayout<ParameterFactory<String, any Sendable>>.size
    case .optional: MemoryLayout<ParameterFactory<String, Counter?>>.size
    case .integer: MemoryLayout<ParameterFactory<String, Int>>.size
    case .string: MemoryLayout<ParameterFactory<String, String>>.size
    case .largeStruct:
      MemoryLayout<ParameterFactory<String, (Int, Int, Int, Int, Int, Int, Int, Int)>>.size
    }
  }

  var testDescription: String { "\(self)" }
}

extension Container {
  fileprivate var layoutPlain: Factory<Counter> { self { Counter() } }
  fileprivate var layoutCached: Factory<Counter> { self { Counter() }.cached }
  fileprivate var layoutTimed: Factory<Counter> { self { Counter() }.timeToLive(60) }
  fileprivate var layoutPerParameter: ParameterFactory<Int, Counter> {
    self { _ in Counter() }.cached.scopeOnParameters
  }
}

/// Every resolution makes a `Factory` value in the declaring property and drops it when the
/// resolution returns. The optimizer keeps a value of at most eight words in registers; then a
/// resolution never retains the container, which every thread resolving from it would write.
/// A ninth word puts the value in memory and brings that retain back (Docs/Performance.md). The
/// same holds for `ParameterFactory`.
@Suite struct FactoryLayoutTests {
  @Test(arguments: MadeType.allCases)
  func aFactoryValueFitsInEightWords(made: MadeType) {
    #expect(made.factorySize <= 8 * MemoryLayout<Int>.size)
  }

  @Test(arguments: MadeType.allCases)
  func aParameterFactoryValueFitsInEightWords(made: MadeType) {
    #expect(made.parameterFactorySize <= 8 * MemoryLayout<Int>.size)
  }

  @Test func scopeOnParametersIsABitOfTheDeclarationNotAWordOfItsOwn() {
    let perParameter = Container().layoutPerParameter
    #expect(perParameter.registration.traits[.keptPerParameter])
    #expect(perParameter.registration.rareModifiers == nil)
    #expect(perParameter.registration.scope == .cached)
  }

  @Test func aDeclarationKeepsNothingOnTheHeap() {
    #expect(Container().layoutPlain.registration.rareModifiers == nil)
    #expect(Container().layoutCached.registration.rareModifiers == nil)
  }

  @Test func aTimeToLiveKeepsItsSecondsInTheRareModifiers() {
    let registration = Container().layoutTimed.registration
    let rareModifiers = registration.rareModifiers?.typed(Counter.self, (() -> Counter).self)
    #expect(rareModifiers?.fields.scope == .timeToLive(60))
    #expect(registration.scope == .timeToLive(60))
  }

  @Test func aFactoryKeysByItsPropertyName() {
    let key = Container().layoutCached.registration.key
    #expect(key.name.description == "layoutCached")
    #expect(key == FactoryKey(container: Container.self, value: Counter.self, name: "layoutCached"))
  }
}
