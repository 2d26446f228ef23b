import Testing

@testable import Wiring

/// Literals of each representation `StaticString` has.
enum LiteralKind: CaseIterable, Sendable, CustomTestStringConvertible {
  case asciiText, unicodeText, empty, asciiScalar, unicodeScalar

  var literal: StaticString {
    switch self {
    case .asciiText: "session"
    case .unicodeText: "sessión"
    case .empty: ""
    case .asciiScalar: StaticString(unicodeScalarLiteral: "s")
    case .unicodeScalar: StaticString(unicodeScalarLiteral: "é")
    }
  }

  var testDescription: String { "\(self)" }
}

/// A factory keeps its key's name as parts and puts the `StaticString` back together to look it
/// up, so the parts must make exactly the literal they came from.
@Suite struct StaticStringPartsTests {
  @Test func thePartsAreAsLargeAsAStaticString() {
    #expect(MemoryLayout<StaticStringParts>.size == MemoryLayout<StaticString>.size)
  }

  @Test(arguments: LiteralKind.allCases)
  func aLiteralTakenApartIsTheSameLiteral(kind: LiteralKind) {
    let original = kind.literal
    let rebuilt = StaticStringParts(original).string
    #expect(rebuilt.description == original.description)
    #expect(rebuilt.hasPointerRepresentation == original.hasPointerRepresentation)
    #expect(rebuilt.isASCII == original.isASCII)
    if original.hasPointerRepresentation {
      #expect(rebuilt.utf8Start == original.utf8Start)
      #expect(rebuilt.utf8CodeUnitCount == original.utf8CodeUnitCount)
    } else {
      #expect(rebuilt.unicodeScalar == original.unicodeScalar)
    }
  }
}
