import Testing
import Wiring

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

  var testDescription: String { "\(self)" }
}

/// Every resolution makes a `Factory` value in the declaring property and consumes it, moving
/// it a few times on the way. Up to 128 bytes the compiler moves it with a few inline stores;
/// past that, with a call to `memcpy`, which took 7–11% of the graph case in a profile when
/// the value was 169 bytes (Docs/Performance.md).
@Suite struct FactoryLayoutTests {
  @Test(arguments: MadeType.allCases)
  func aFactoryValueIsSmallEnoughToBeMovedInline(made: MadeType) {
    #expect(made.factorySize <= 128)
  }
}
