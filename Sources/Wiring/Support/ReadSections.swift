#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lets threads read published objects with no lock while writers replace them.
///
/// A reader holds a `ReadSection` for each lock-free read; beginning and ending it bump a
/// counter of the thread's own: odd while it reads. A section holds no user code and nothing
/// that blocks, only loads and a retain of the value read. A writer that took a published
/// object out of reach calls `waitForReaders()` before releasing it: every thread that was
/// reading when the object was unpublished, and so may still hold its address, has finished by
/// the time the wait returns.
/// Readers write only their own counter, so they never contend.
///
/// NB: why this is enough. `begin`'s store, the reader's load of a published address, the
/// writer's store that unpublishes it and the writer's loads of the counters are all
/// sequentially consistent, so either the reader's load comes after the unpublishing store (it
/// cannot see the old object) or the writer's load of the counter comes after `begin` (it sees
/// the odd value and waits). `end` is a release store that the writer's load acquires, so the
/// reader's retain of the value happens before the writer's release of the object.
@usableFromInline
enum ReadSections {
  /// Opens a lock-free read on the thread that owns `counter`; only `ReadSection` calls it.
  @inline(__always)
  fileprivate static func begin(_ counter: AtomicWords) {
    counter.storeSequentiallyConsistent(counter.loadRelaxed() &+ 1)
  }

  /// Closes the read opened by `begin`; only `ReadSection` calls it.
  @inline(__always)
  fileprivate static func end(_ counter: AtomicWords) {
    counter.storeReleasing(counter.loadRelaxed() &+ 1)
  }

  /// Each thread's counter, by the identity of its `ResolutionState`.
  private static let readers = Locked<[ObjectIdentifier: AtomicWords]>([:])

  /// How many threads are registered, so that a writer alone in the process skips the wait.
  private static let readerCount = AtomicWords(count: 1)

  static func register(_ counter: AtomicWords, for state: ObjectIdentifier) {
    readers.withLock {
      $0[state] = counter
      readerCount.storeSequentiallyConsistent(UInt($0.count))
    }
  }

  static func unregister(_ state: ObjectIdentifier) {
    readers.withLock {
      $0.removeValue(forKey: state)
      readerCount.storeSequentiallyConsistent(UInt($0.count))
    }
  }

  /// Returns once every read that was in progress when this call began has ended.
  ///
  /// The caller must have unpublished (with a sequentially consistent store) whatever it will
  /// release: a read that starts later cannot find it. The registry's lock is held meanwhile, so
  /// a thread cannot exit and free its counter while it is being watched.
  static func waitForReaders() {
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    // The caller's state is registered, so a count of one is this thread alone. A thread that
    // registers after this load reads only after it, and so cannot see what was unpublished.
    if readerCount.loadSequentiallyConsistent() <= 1 { return }
    readers.withLock { readers in
      for (state, counter) in readers where state != me {
        let seen = counter.loadSequentiallyConsistent()
        guard seen & 1 == 1 else { continue }
        while counter.loadSequentiallyConsistent() == seen { sched_yield() }
      }
    }
  }
}

/// A lock-free read in progress on this thread: until it ends, no writer releases what the
/// thread may have loaded.
///
/// It cannot be copied, so it ends once: `end()` consumes it, and one that goes out of scope
/// without `end()` ends there. A section can be handed on (in a `LockFreeLookup`) but never left
/// open, which would make every writer wait forever.
@usableFromInline
struct ReadSection: ~Copyable {
  private let counter: AtomicWords

  /// Begins a read on the thread that owns `counter`, its `ResolutionState.readCounter`.
  @usableFromInline
  @inline(__always)
  init(_ counter: AtomicWords) {
    self.counter = counter
    ReadSections.begin(counter)
  }

  /// Ends the read: writers may release what it loaded once its caller holds its own
  /// references.
  @usableFromInline
  @inline(__always)
  consuming func end() {
    ReadSections.end(counter)
    discard self
  }

  deinit { ReadSections.end(counter) }
}
