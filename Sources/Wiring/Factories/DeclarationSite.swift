/// The `#function` of the code that declared a factory, which tells modifiers in the declaration
/// from modifiers written as statements elsewhere.
///
/// It keeps only the address of the literal's UTF-8 bytes, which `StaticString` guarantees are
/// null-terminated: a whole `StaticString` is 16 bytes more, and would take a `Factory` value
/// past the size the compiler copies inline (see `FactoryLayoutTests`).
@usableFromInline
struct DeclarationSite: @unchecked Sendable {
  // NB: `@unchecked` is sound because the address is that of a string literal, in the
  // program's constant data: never written, and valid for as long as the process runs.

  /// Nil for a `StaticString` that is one Unicode scalar rather than a pointer, which
  /// `#function` never is; no modifier matches it, so each is a statement.
  @usableFromInline let start: UnsafeRawPointer?

  @inlinable
  init(_ function: StaticString) {
    start = function.hasPointerRepresentation ? UnsafeRawPointer(function.utf8Start) : nil
  }

  /// Whether `function`, a modifier's `#function`, is this code: compared by address, then,
  /// since a literal may be copied into another module, by content.
  @inlinable
  @inline(__always)
  func matches(_ function: StaticString) -> Bool {
    guard let start, function.hasPointerRepresentation else { return false }
    let other = UnsafeRawPointer(function.utf8Start)
    if other == start { return true }
    return Self.same(other, count: function.utf8CodeUnitCount, as: start)
  }

  /// Whether the `count` bytes at `bytes` are the null-terminated text at `terminated`; reads
  /// nothing of `terminated` past its terminator.
  @usableFromInline
  static func same(_ bytes: UnsafeRawPointer, count: Int, as terminated: UnsafeRawPointer) -> Bool {
    for offset in 0..<count {
      let byte = terminated.load(fromByteOffset: offset, as: UInt8.self)
      if byte == 0 || byte != bytes.load(fromByteOffset: offset, as: UInt8.self) { return false }
    }
    return terminated.load(fromByteOffset: count, as: UInt8.self) == 0
  }
}
