/// A hash table of object addresses that readers probe without a lock while one writer adds.
///
/// Open addressing with linear probing; the table retains each object it holds. Word 0 of
/// `buckets` holds the mask, written before the table is published; bucket `i` is word `1 + i`.
/// Writers hold the lock of the storage that owns the table, and only ever fill an empty
/// bucket, with a releasing store, so a reader that loads an address sees the object complete.
/// Nothing is ever removed in place: the owner replaces a table and releases the old one only
/// after `ReadSections.waitForReaders()`, and that release releases every object it holds.
///
/// Keys (`PublishedIndex`) and per-argument instances (`ParameterTable`) are both kept in one.
@usableFromInline
class LockFreeTable {
  /// The mask, then the buckets; published on its own by `PublishedIndex`, whose readers reach
  /// the words without the table object.
  @usableFromInline final let buckets: AtomicWords
  /// How many buckets; a power of two.
  final let size: Int
  /// How many buckets are filled; writers only.
  final private(set) var count = 0

  /// An empty table of `size` buckets, a power of two.
  init(size: Int) {
    buckets = AtomicWords(count: size + 1)
    self.size = size
    buckets.storeReleasing(UInt(size - 1), 0)
  }

  deinit {
    forEachAddress { Unmanaged<AnyObject>.fromOpaque($0).release() }
    buckets.deallocate()
  }

  /// Whether one more object would fill more than half the buckets.
  final var isFull: Bool { (count + 1) * 2 > size }

  /// Adds `object`, whose key hashes to `hash`, retaining it. Writers only, and only while the
  /// table is not full.
  final func insert(_ object: AnyObject, hash: Int) {
    let mask = size - 1
    var index = hash & mask
    while buckets.loadRelaxed(1 + index) != 0 { index = (index + 1) & mask }
    buckets.storeReleasing(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), 1 + index)
    count += 1
  }

  /// Calls `body` with the address of every object, in bucket order. Writers only.
  final func forEachAddress(_ body: (UnsafeRawPointer) -> Void) {
    for index in 0..<size {
      if let address = UnsafeRawPointer(bitPattern: buckets.loadRelaxed(1 + index)) {
        body(address)
      }
    }
  }

  /// The first object of `buckets` whose key hashes to `hash` and that `matches`, or nil.
  /// Readers call it inside a read section (or holding the writers' lock).
  @inlinable
  @inline(__always)
  static func find(
    in buckets: AtomicWords, hash: Int, where matches: (UnsafeRawPointer) -> Bool
  ) -> UnsafeRawPointer? {
    let mask = Int(bitPattern: buckets.loadRelaxed(0))
    var index = hash & mask
    while let address = UnsafeRawPointer(bitPattern: buckets.loadAcquiring(1 + index)) {
      if matches(address) { return address }
      index = (index + 1) & mask
    }
    return nil
  }
}
