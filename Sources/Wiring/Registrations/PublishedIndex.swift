/// A hash table from factory keys to their current word of `Publication`, readable without a lock.
///
/// Writers hold the lock of the storage that owns the index (a container's registry, or the
/// singleton storage). Entries are never removed while the index lives, and a table that growth
/// replaced is kept until then too, so a reader can follow any address it loaded; only
/// published objects are released early, after `ReadSections.waitForReaders()`.
@usableFromInline
final class PublishedIndex: @unchecked Sendable {
  // NB: `@unchecked` is sound because `tables` is read and written only
  // by writers, under the lock of the storage that owns the index; readers reach the current
  // table only through the atomic `words` and read its buckets with acquiring loads.

  /// Word 0: the address of the current table's words (its mask, then its buckets), or 0.
  /// Word 1: 1 when the owner lets resolutions skip its lock. Side by side, so that a lookup
  /// starts with one cache line.
  private let words = AtomicWords(count: 2)
  /// Every table of `Entry`s the index grew through, the current one last; each retains its
  /// entries.
  private var tables: [LockFreeTable] = []

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
    guard let buckets = AtomicWords(at: words.loadAcquiring(0)) else { return nil }
    return LockFreeTable.find(in: buckets, hash: key.hash) { address in
      Unmanaged<Entry>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.key == key }
    }
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
    tables.last?.forEachAddress { address in
      Unmanaged<Entry>.fromOpaque(address)._withUnsafeGuaranteedRef { entry in
        retired.add(entry.exchangePublication(make(entry.key)))
      }
    }
  }

  private func insert(_ entry: Entry, publishing word: UInt) {
    if word != 0 { entry.storePublication(word) }
    if tables.last?.isFull ?? true {
      let table = LockFreeTable(size: max(16, (tables.last?.size ?? 8) * 2))
      tables.last?.forEachAddress { address in
        let old = Unmanaged<Entry>.fromOpaque(address).takeUnretainedValue()
        table.insert(old, hash: old.key.hash)
      }
      table.insert(entry, hash: entry.key.hash)
      tables.append(table)
      words.storeReleasing(table.buckets.address, 0)
    } else {
      tables.last.unsafelyUnwrapped.insert(entry, hash: entry.key.hash)
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
