#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CWiringFence
import Synchronization

/// Lets threads read published objects with no lock while writers replace them.
///
/// A reader brackets each lock-free read with `begin` and `end`, which bump a counter of its
/// own: odd while it reads. The bracket holds no user code and nothing that blocks, only loads
/// and a retain of the value read. A writer that took a published object out of reach calls
/// `waitForReaders()` before releasing it: every thread that was reading when the object was
/// unpublished, and so may still hold its address, has finished by the time the wait returns.
/// Readers write only their own counter, so they never contend.
///
/// NB: why this is enough. The reader's `begin` store must be ordered before its load of a
/// published address, and the writer's store that unpublishes it before the writer's loads of
/// the counters. The writer's side is a sequentially consistent store and loads. The reader's
/// side is one of two:
/// - symmetric: `begin` is a sequentially consistent store, a full fence on every read;
/// - asymmetric, where the system offers it (Linux): `begin` is a plain store that the compiler
///   may not move, and the writer makes every running thread execute a full barrier between
///   unpublishing and loading the counters (a thread not running passed one when it was
///   switched out). Each reader's store is then either visible to the writer, or after the
///   barrier, so that the reader's load sees the unpublishing store.
/// Either way, the reader's load comes after the unpublishing store (it cannot see the old
/// object) or the writer's load of the counter comes after `begin` (it sees the odd value and
/// waits). `end` is a release store that the writer's load acquires, so the reader's retain of
/// the value happens before the writer's release of the object.
@usableFromInline
enum ReadSections {
  #if os(Linux)
  /// 2 once every thread may use the asymmetric scheme, 1 when it is not available, 0 before
  /// the first thread registered. Set once, under `readers`' lock, before the first thread
  /// registers, so every thread that reads or writes (each registers first) sees its final
  /// value.
  ///
  /// NB: an `Atomic` with a constant initial value is initialized statically, so `begin` reads
  /// it with one load instead of a `swift_once` call.
  private static let scheme = Atomic<UInt>(0)

  @inline(__always)
  private static var isAsymmetric: Bool { scheme.load(ordering: .relaxed) == 2 }
  #else
  @inline(__always)
  private static var isAsymmetric: Bool { false }
  #endif

  /// Opens a lock-free read on the thread that owns `counter`: until `end`, no writer releases
  /// what this thread may load.
  @usableFromInline
  static func begin(_ counter: AtomicWords) {
    if isAsymmetric {
      counter.storeRelaxed(counter.loadRelaxed() &+ 1)
      cwiring_compiler_fence()
    } else {
      counter.storeSequentiallyConsistent(counter.loadRelaxed() &+ 1)
    }
  }

  /// Closes the read opened by `begin`.
  @usableFromInline
  static func end(_ counter: AtomicWords) {
    counter.storeReleasing(counter.loadRelaxed() &+ 1)
  }

  /// Each thread's counter, by the identity of its `ResolutionState`.
  private static let readers = Locked<[ObjectIdentifier: AtomicWords]>([:])

  /// How many threads are registered, so that a writer alone in the process skips the wait.
  private static let readerCount = AtomicWords(count: 1)

  static func register(_ counter: AtomicWords, for state: ObjectIdentifier) {
    readers.withLock {
      #if os(Linux)
      if scheme.load(ordering: .relaxed) == 0 {
        scheme.store(cwiring_fence_prepare() ? 2 : 1, ordering: .relaxed)
      }
      #endif
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

  /// Returns once every read that was in progress when this call began has ended, or returns
  /// false at once when the system refused the barrier that proves it; the caller must then
  /// never release what it unpublished.
  ///
  /// The caller must have unpublished (with a sequentially consistent store) whatever it will
  /// release: a read that starts later cannot find it. The registry's lock is held meanwhile, so
  /// a thread cannot exit and free its counter while it is being watched.
  static func waitForReaders() -> Bool {
    let me = ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.id }
    // The caller's state is registered, so a count of one is this thread alone. A thread that
    // registers after this load reads only after it, and so cannot see what was unpublished.
    if readerCount.loadSequentiallyConsistent() <= 1 { return true }
    if isAsymmetric, !cwiring_fence_all_threads() { return false }
    readers.withLock { readers in
      for (state, counter) in readers where state != me {
        let seen = counter.loadSequentiallyConsistent()
        guard seen & 1 == 1 else { continue }
        while counter.loadSequentiallyConsistent() == seen { sched_yield() }
      }
    }
    return true
  }
}
