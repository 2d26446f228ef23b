import Testing

@testable import Wiring

/// One comparison of a modifier's `#function` with a declaration's, by content.
struct TextComparison: Sendable, CustomTestStringConvertible {
  let function: String
  let declaration: String
  let same: Bool

  var testDescription: String { "\(function.debugDescription) vs \(declaration.debugDescription)" }
}

/// Identical literals of one module share an address, so a declaration and its modifiers match
/// by address there; a getter inlined into another module brings its own copy of the literal,
/// and the two are compared by content, which these pin.
@Suite struct SiteTests {
  @Test(arguments: [
    TextComparison(function: "api", declaration: "api", same: true),
    TextComparison(function: "api", declaration: "apiClient", same: false),
    TextComparison(function: "apiClient", declaration: "api", same: false),
    TextComparison(function: "api", declaration: "apx", same: false),
    TextComparison(function: "", declaration: "", same: true),
    TextComparison(function: "", declaration: "api", same: false),
    TextComparison(function: "a\u{0}b", declaration: "a", same: false),
    TextComparison(function: "café", declaration: "café", same: true),
  ])
  func aModifierMatchesItsDeclarationByContent(comparison: TextComparison) {
    var function = Array(comparison.function.utf8)
    var declaration = Array(comparison.declaration.utf8) + [0]
    let same = function.withUnsafeMutableBytes { bytes in
      declaration.withUnsafeMutableBytes { terminated in
        Site.same(
          UnsafeRawPointer(bytes.baseAddress ?? terminated.baseAddress!), count: bytes.count,
          as: UnsafeRawPointer(terminated.baseAddress!))
      }
    }
    #expect(same == comparison.same)
  }

  @Test func aDeclarationMatchesItsOwnLiteralAndNoOther() {
    let site = Site("api")
    #expect(site.matches("api"))
    #expect(!site.matches("apiClient"))
    #expect(!site.matches("ap"))
  }
}
