/// The instances a `.scopeOnParameters` factory keeps, one per parameter, readable without a lock:
/// a `LockFreeTable` of `ParameterEntry`s.
///
/// A table that fills up, or loses an instance, is replaced by a new one, published in its key's
/// word of `Publication`.
@usableFromInline
final class ParameterTable: LockFreeTable {
  /// The parameter type the entries hold, so that a reader of another type (two factories that
  /// share a key by name) finds nothing.
  @usableFromInline let parameterType: ObjectIdentifier

  /// An empty table for parameters of `type`, with room for `capacity` of them.
  init(parameterType type: Any.Type, capacity: Int) {
    var size = 8
    while size < capacity * 2 { size <<= 1 }
    parameterType = ObjectIdentifier(type)
    super.init(size: size)
  }

  /// The kept `Box<T>` for `parameter`, as a raw address, or nil. Call it inside a read section.
  @inlinable
  @inline(__always)
  func boxAddress<P: Hashable>(for parameter: P) -> UnsafeRawPointer? {
    guard parameterType == ObjectIdentifier(P.self) else { return nil }
    let hash = parameter.hashValue
    let entry = LockFreeTable.find(in: buckets, hash: hash) { address in
      Unmanaged<ParameterEntry<P>>.fromOpaque(address)._withUnsafeGuaranteedRef {
        $0.hash == hash && $0.parameter == parameter
      }
    }
    guard let entry else { return nil }
    return Unmanaged<ParameterEntry<P>>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.boxAddress
    }
  }
}

/// One parameter and the instance kept for it, never changed once made.
@usableFromInline
final class ParameterEntry<P: Hashable> {
  @usableFromInline let parameter: P
  @usableFromInline let hash: Int
  /// The kept `Box<T>`, retained by this entry.
  @usableFromInline let boxAddress: UnsafeRawPointer

  init(parameter: P, box: AnyObject) {
    self.parameter = parameter
    hash = parameter.hashValue
    boxAddress = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
  }

  deinit { Unmanaged<AnyObject>.fromOpaque(boxAddress).release() }
}
