import Testing
import Wiring

/// Eight words: a value too large for an existential's inline buffer.
private struct Large: Equatable, Sendable {
  var words = (1, 2, 3, 4, 5, 6, 7, 8)

  static func == (lhs: Large, rhs: Large) -> Bool {
    withUnsafeBytes(of: lhs.words) { left in
      withUnsafeBytes(of: rhs.words) { right in left.elementsEqual(right) }
    }
  }
}

extension Container {
  fileprivate var lazyInteger: Factory<Int> { self { 42 } }
  fileprivate var lazyString: Factory<String> {
    self { "forty-two, long enough to be kept out of line" }
  }
  fileprivate var lazyNone: Factory<Int?> { self { nil } }
  fileprivate var lazySome: Factory<Int?> { self { 42 } }
  fileprivate var lazyLarge: Factory<Large> { self { Large() } }
}

private final class LazyOwner<T>: @unchecked Sendable {
  // NB: `@unchecked` is sound because the tests read the owner on one thread only.
  @LazyInjected var value: T
  init(_ keyPath: any KeyPath<Container, Factory<T>> & Sendable) { _value = LazyInjected(keyPath) }
}

/// The kinds of value a lazily injected property keeps inline in its cell.
enum LazyCellValue: CaseIterable, Sendable, CustomTestStringConvertible {
  case integer, string, optionalNone, optionalSome, largeStruct

  var testDescription: String { "\(self)" }

  /// Checks that a property of this kind reads back what it resolved, before and after.
  func check() {
    switch self {
    case .integer: LazyCellValue.check(\.lazyInteger, reads: 42)
    case .string:
      LazyCellValue.check(\.lazyString, reads: "forty-two, long enough to be kept out of line")
    case .optionalNone: LazyCellValue.check(\.lazyNone, reads: nil)
    case .optionalSome: LazyCellValue.check(\.lazySome, reads: 42)
    case .largeStruct: LazyCellValue.check(\.lazyLarge, reads: Large())
    }
  }

  private static func check<T: Equatable>(
    _ keyPath: any KeyPath<Container, Factory<T>> & Sendable, reads expected: T
  ) {
    let owner = Container.$shared.withValue(Container()) { LazyOwner(keyPath) }
    // Nothing resolved yet: the outer nil, even when the value itself is an optional.
    #expect(owner.$value.resolvedOrNil() == Optional<T>.none)
    #expect(owner.value == expected)
    #expect(owner.value == expected)
    #expect(owner.$value.resolvedOrNil() == Optional(expected))
  }
}

@Suite struct LazyCellTests {
  @Test(arguments: LazyCellValue.allCases)
  func aLazyPropertyReadsBackWhatItResolved(value: LazyCellValue) {
    value.check()
  }

  @Test func anAssignedValueReplacesTheResolvedOne() {
    let owner = Container.$shared.withValue(Container()) { LazyOwner(\.lazyString) }
    #expect(owner.value == "forty-two, long enough to be kept out of line")
    owner.value = "assigned"
    #expect(owner.value == "assigned")
    #expect(owner.$value.resolvedOrNil() == "assigned")
  }
}
