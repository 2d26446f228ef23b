/// A `StaticString`'s three stored fields, to take one apart and put it back together.
///
/// `StaticString` is frozen: its layout, a word (the address of the text, or its one scalar), a
/// word of length and a byte of flags (bit 0 set for a scalar, bit 1 for ASCII text), is part of
/// the standard library's ABI and cannot change. This struct has the same fields in the same
/// order, so `unsafeBitCast` from it is exact (`StaticStringPartsTests` checks a round trip).
///
/// Taking one apart goes through the public properties instead of a cast, so that the optimizer
/// sees through it: a declaration's literal then folds into constants.
@usableFromInline
struct StaticStringParts {
  @usableFromInline let word: UInt
  @usableFromInline let length: UInt
  @usableFromInline let flags: UInt8

  @inlinable
  @inline(__always)
  init(_ string: StaticString) {
    if string.hasPointerRepresentation {
      word = UInt(bitPattern: string.utf8Start)
      length = UInt(bitPattern: string.utf8CodeUnitCount)
      flags = string.isASCII ? 2 : 0
    } else {
      word = UInt(string.unicodeScalar.value)
      length = 0
      flags = string.isASCII ? 3 : 1
    }
  }

  /// The `StaticString` these parts make up.
  @inlinable
  @inline(__always)
  var string: StaticString { unsafeBitCast(self, to: StaticString.self) }

  @inlinable
  init(word: UInt, length: UInt, flags: UInt8) {
    self.word = word
    self.length = length
    self.flags = flags
  }
}
