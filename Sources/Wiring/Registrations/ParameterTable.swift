/// The instances a `.scopeOnParameters` factory keeps, one per parameter, readable without a lock.
///
/// Open addressing with linear probing over `ParameterEntry` addresses, which the table retains.
/// Word 0 holds the mask, written before the table is published; bucket `i` is word `1 + i`.
/// Writers hold the lock of the storage that keeps the instances, and only ever fill an empty
/// bucket: a table that fills up, or loses an instance, is replaced by a new one, published in
/// its key's word of `Publication`, and released only after `ReadSections.waitForReaders()`.
@usableFromInline
final class ParameterTable {
  /// The parameter type the entries hold, so that a reader of another type (two factories that
  /// share a key by name) finds nothing.
  @usableFromInline let parameterType: ObjectIdentifier
  @usableFromInline let buckets: AtomicWords
  let size: Int
  /// How many buckets are filled; writers only.
  private(set) var count = 0

  /// An empty table for parameters of `type`, with room for `capacity` of them.
  init(parameterType type: Any.Type, capacity: Int) {
    var size = 8
    while size < capacity * 2 { size <<= 1 }
    parameterType = ObjectIdentifier(type)
    buckets = AtomicWords(count: size + 1)
    self.size = size
    buckets.storeReleasing(UInt(size - 1), 0)
  }

  deinit {
    forEachEntry { Unmanaged<AnyObject>.fromOpaque($0).release() }
    buckets.deallocate()
  }

  /// Whether one more entry would fill more than half the buckets.
  var isFull: Bool { (count + 1) * 2 > size }

  /// Adds `entry`, a `ParameterEntry` whose parameter hashes to `hash`, retaining it. Writers
  /// only, and only while the table is not full.
  func insert(_ entry: AnyObject, hash: Int) {
    let mask = size - 1
    var index = hash & mask
    while buckets.loadRelaxed(1 + index) != 0 { index = (index + 1) & mask }
    buckets.storeReleasing(
      UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque()), 1 + index)
    count += 1
  }

  /// Calls `body` with the address of every entry. Writers only.
  func forEachEntry(_ body: (UnsafeRawPointer) -> Void) {
    for index in 0..<size {
      if let address = UnsafeRawPointer(bitPattern: buckets.loadRelaxed(1 + index)) {
        body(address)
      }
    }
  }

  /// The kept `Box<T>` for `parameter`, as a raw address, or nil. Call it inside a read section.
  @inlinable
  @inline(__always)
  func boxAddress<P: Hashable>(for parameter: P) -> UnsafeRawPointer? {
    guard parameterType == ObjectIdentifier(P.self) else { return nil }
    let hash = parameter.hashValue
    let mask = Int(bitPattern: buckets.loadRelaxed(0))
    var index = hash & mask
    while let address = UnsafeRawPointer(bitPattern: buckets.loadAcquiring(1 + index)) {
      let box = Unmanaged<ParameterEntry<P>>.fromOpaque(address)._withUnsafeGuaranteedRef {
        $0.hash == hash && $0.parameter == parameter ? $0.boxAddress : nil
      }
      if let box { return box }
      index = (index + 1) & mask
    }
    return nil
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
