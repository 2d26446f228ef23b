/// The identity of one registration: the declaring container type, the produced type and a name.
///
/// The name is the property's `#function` or an explicit key. Names compare by content, not by
/// address, because the optimizer may copy a literal into another module when it inlines a
/// getter. The hash is not stored: every `Factory` value carries a key, and 8 bytes more would
/// take the value past the size the compiler copies inline (see `FactoryLayoutTests`); a
/// lock-free resolution hashes its key once, in a few loads and multiplications.
@usableFromInline
struct FactoryKey: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let containerType: ObjectIdentifier
  @usableFromInline let valueType: ObjectIdentifier
  @usableFromInline let name: StaticString

  @inlinable
  init(container: Any.Type, value: Any.Type, name: StaticString) {
    containerType = ObjectIdentifier(container)
    valueType = ObjectIdentifier(value)
    self.name = name
  }

  /// The key's hash, mixed from its types' addresses and a few bytes of its name.
  ///
  /// Always inlined, with `mix`: every lock-free lookup computes it, and a call would cost as
  /// much as the mixing.
  @inlinable
  @inline(__always)
  var hash: Int {
    let h =
      UInt(bitPattern: containerType.hashValueWithoutSeed)
      &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: valueType.hashValueWithoutSeed)
    return Int(bitPattern: FactoryKey.mix(h, name))
  }

  /// Folds the name's length and its first, middle and last bytes into `seed`: a few loads and
  /// no loop, since a key is made on every resolution. Names that agree on all four (rare among
  /// the factories of one container and type) still differ by content, at the cost of a probe.
  @inlinable
  @inline(__always)
  static func mix(_ seed: UInt, _ name: StaticString) -> UInt {
    var h = seed
    if name.hasPointerRepresentation {
      let count = name.utf8CodeUnitCount
      h ^= UInt(truncatingIfNeeded: count)
      if count > 0 {
        let start = name.utf8Start
        h ^= UInt(start[0]) << 8 | UInt(start[count / 2]) << 16 | UInt(start[count - 1]) << 24
      }
    } else {
      h ^= UInt(name.unicodeScalar.value) << 32
    }
    h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
    return h ^ (h >> 32)
  }

  @inlinable
  static func == (lhs: FactoryKey, rhs: FactoryKey) -> Bool {
    lhs.containerType == rhs.containerType && lhs.valueType == rhs.valueType
      && sameName(lhs.name, rhs.name)
  }

  @inlinable
  @inline(__always)
  static func sameName(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
    guard lhs.hasPointerRepresentation, rhs.hasPointerRepresentation else {
      return lhs.description == rhs.description
    }
    if lhs.utf8Start == rhs.utf8Start { return lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount }
    guard lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount else { return false }
    for index in 0..<lhs.utf8CodeUnitCount where lhs.utf8Start[index] != rhs.utf8Start[index] {
      return false
    }
    return true
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// `Container.api`: the container's type name and the factory's name, as users wrote them.
  @usableFromInline
  var description: String {
    "\(containerTypeForDisplay).\(name)"
  }

  /// The container's type, for messages.
  ///
  /// NB: `ObjectIdentifier(_: Any.Type)` keeps the metatype's own pointer, so casting the bits
  /// back gives the same metatype; keys are made once per resolution and stored once per
  /// registration, so they carry no second copy of it.
  var containerTypeForDisplay: Any.Type {
    unsafeBitCast(containerType, to: Any.Type.self)
  }
}

extension FactoryKey {
  /// How app code reaches this factory: `Container.shared.api`.
  var registrationExample: String {
    containerTypeForDisplay is any SharedContainer.Type
      ? "\(containerTypeForDisplay).shared.\(name)" : "container.\(name)"
  }
}

extension ObjectIdentifier {
  /// The identifier's address bits, without the per-process seed `hashValue` mixes in.
  @inlinable
  var hashValueWithoutSeed: Int {
    Int(bitPattern: UInt(bitPattern: self))
  }
}
