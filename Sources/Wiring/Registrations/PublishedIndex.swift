/// A hash table from factory keys to their current word of `Publication`, readable without a lock.
///
/// Writers hold the lock of the storage that owns the index (a container's registry, or the
/// singleton storage). Entries are never removed while the index lives, and a table that growth
/// replaced is kept until then too, so a reader can follow any address it loaded; only
/// published objects are released early, after `ReadSections.waitForReaders()`.
@usableFromInline
final class PublishedIndex: @unchecked Sendable {
  // NB: `@unchecked` is sound because `tables` and `count` are read and written only
  // by writers, under the lock of the storage that owns the index; readers reach the current
  // table only through the atomic `words` and read its buckets with acquiring loads.

  /// Word 0: the address of the current table's words (its mask, then its buckets), or 0.
  /// Word 1: 1 when the owner lets resolutions skip its lock. Side by side, so that a lookup
  /// starts with one cache line.
  private let words = AtomicWords(count: 2)
  /// Every table the index grew through, the current one last; each retains its entries.
  private var tables: [Table] = []
  private var count = 0

  init() {}

  deinit { words.deallocate() }

  /// Whether resolutions may use what is published; see `ContainerManager.publishReadiness`.
  @usableFromInline
  var isReady: Bool { words.loadAcquiring(1) != 0 }

  func setReady(_ ready: Bool) {
    words.storeReleasing(ready ? 1 : 0, 1)
  }

  /// The entry for `key`, if one was ever published: an unretained `Entry` address.
  @usableFromInline
  @inline(__always)
  func entry(for key: FactoryKey) -> UnsafeRawPointer? {
    let table = AtomicWords(at: words.loadAcquiring(0))
    guard let table else { return nil }
    let mask = Int(bitPattern: table.loadRelaxed(0))
    var index = key.hash & mask
    while let address = UnsafeRawPointer(bitPattern: table.loadAcquiring(1 + index)) {
      let found = Unmanaged<Entry>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.key == key }
      if found { return address }
      index = (index + 1) & mask
    }
    return nil
  }

  /// The entry for `key`, made (with nothing published) when there is none yet, for a new slot.
  func entry(creating key: FactoryKey) -> Entry {
    if let address = entry(for: key) {
      return Unmanaged<Entry>.fromOpaque(address).takeUnretainedValue()
    }
    let entry = Entry(key: key)
    insert(entry, publishing: 0)
    return entry
  }

  /// Replaces what is published for `key` with `word`, a word of `Publication` whose object is
  /// retained for the index; the old word goes to `retired`.
  func publish(_ word: UInt, for key: FactoryKey, retiring retired: inout Retired) {
    guard let address = entry(for: key) else {
      guard word != 0 else { return }
      insert(Entry(key: key), publishing: word)
      return
    }
    let old = Unmanaged<Entry>.fromOpaque(address)._withUnsafeGuaranteedRef {
      $0.exchangePublication(word)
    }
    retired.add(old)
  }

  /// Publishes `make(key)` for every key published so far.
  func republishAll(retiring retired: inout Retired, _ make: (FactoryKey) -> UInt) {
    tables.last?.forEachEntry { entry in
      retired.add(entry.exchangePublication(make(entry.key)))
    }
  }

  private func insert(_ entry: Entry, publishing word: UInt) {
    if word != 0 { entry.storePublication(word) }
    count += 1
    if count * 2 > (tables.last?.size ?? 0) {
      let table = Table(size: max(16, (tables.last?.size ?? 8) * 2))
      tables.last?.forEachEntry { table.insert($0) }
      table.insert(entry)
      tables.append(table)
      words.storeReleasing(table.buckets.address, 0)
    } else {
      tables.last.unsafelyUnwrapped.insert(entry)
    }
  }

  /// One key and its current word of `Publication`, whose object is retained, or 0.
  final class Entry {
    let key: FactoryKey
    private let publication = AtomicWord()

    init(key: FactoryKey) { self.key = key }

    deinit { Publication.release(loadPublication()) }

    /// The current publication's address, or 0; sequentially consistent, for readers.
    func loadPublication() -> UInt {
      publication.loadSequentiallyConsistent()
    }

    /// Publishes a first address, for an entry no reader has seen yet.
    func storePublication(_ address: UInt) {
      publication.storeReleasing(address)
    }

    /// Replaces the address and returns the one it held.
    func exchangePublication(_ address: UInt) -> UInt {
      publication.exchange(address)
    }
  }

  /// Open addressing with linear probing over `Entry` addresses, retained by the table. Word 0
  /// holds the mask, written before the table is published; bucket `i` is word `1 + i`.
  final class Table {
    let buckets: AtomicWords
    let size: Int
    let mask: Int

    init(size: Int) {
      buckets = AtomicWords(count: size + 1)
      self.size = size
      mask = size - 1
      buckets.storeReleasing(UInt(mask), 0)
    }

    deinit {
      forEachAddress { Unmanaged<Entry>.fromOpaque($0).release() }
      buckets.deallocate()
    }

    /// Adds `entry`, retaining it.
    func insert(_ entry: Entry) {
      var index = entry.key.hash & mask
      while buckets.loadAcquiring(1 + index) != 0 { index = (index + 1) & mask }
      buckets.storeReleasing(
        UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque()), 1 + index)
    }

    /// Calls `body` with every entry, in bucket order. Writers only.
    func forEachEntry(_ body: (Entry) -> Void) {
      forEachAddress { Unmanaged<Entry>.fromOpaque($0)._withUnsafeGuaranteedRef(body) }
    }

    /// Calls `body` with the address of every entry, in bucket order. Writers only.
    private func forEachAddress(_ body: (UnsafeRawPointer) -> Void) {
      for index in 0..<size {
        if let address = UnsafeRawPointer(bitPattern: buckets.loadRelaxed(1 + index)) {
          body(address)
        }
      }
    }
  }

  /// Published words taken out of reach, whose objects are released once no reader can still
  /// hold them.
  struct Retired {
    /// The first word, kept inline: most changes retire one word at most.
    private var first: UInt = 0
    private var more: [UInt] = []

    init() {}

    mutating func add(_ address: UInt) {
      guard address != 0 else { return }
      if first == 0 { first = address } else { more.append(address) }
    }

    /// Waits out the reads in progress, then releases. Call it with no lock held: releasing may
    /// run deinitializers of user types.
    func release() {
      guard first != 0 else { return }
      ReadSections.waitForReaders()
      Publication.release(first)
      for word in more { Publication.release(word) }
    }
  }
}
