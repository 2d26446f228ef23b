/// The identity of one registration: the declaring container type, the produced type and a name.
///
/// The name is the property's `#function` or an explicit key. Names compare by content, not by
/// address, because the optimizer may copy a literal into another module when it inlines a
/// getter. The hash is computed once when a factory is made, so lookups never rehash.
@usableFromInline
struct FactoryKey: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let containerType: ObjectIdentifier
  @usableFromInline let valueType: ObjectIdentifier
  @usableFromInline let name: StaticString
  @usableFromInline let hash: Int
  /// The container's type, kept for messages; never compared.
  @usableFromInline let containerTypeForDisplay: Any.Type

  @inlinable
  init(container: Any.Type, value: Any.Type, name: StaticString) {
    containerType = ObjectIdentifier(container)
    valueType = ObjectIdentifier(value)
    self.name = name
    containerTypeForDisplay = container
    var h = UInt(bitPattern: containerType.hashValueWithoutSeed)
      &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: valueType.hashValueWithoutSeed)
    h = FactoryKey.mix(h, name)
    hash = Int(bitPattern: h)
  }

  /// FNV-1a over the name's bytes, folded into `seed`; names are short, so this is a few cycles.
  @inlinable
  static func mix(_ seed: UInt, _ name: StaticString) -> UInt {
    var h = seed ^ 0xCBF2_9CE4_8422_2325
    if name.hasPointerRepresentation {
      let start = name.utf8Start
      for index in 0..<name.utf8CodeUnitCount {
        h = (h ^ UInt(start[index])) &* 0x0000_0100_0000_01B3
      }
    } else {
      h = (h ^ UInt(name.unicodeScalar.value)) &* 0x0000_0100_0000_01B3
    }
    return h
  }

  @inlinable
  static func == (lhs: FactoryKey, rhs: FactoryKey) -> Bool {
    lhs.hash == rhs.hash && lhs.containerType == rhs.containerType
      && lhs.valueType == rhs.valueType && sameName(lhs.name, rhs.name)
  }

  @inlinable
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
