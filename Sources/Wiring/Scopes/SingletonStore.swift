/// Where `.singleton` instances live: one store per process, or one per isolated test.
///
/// Production code only ever sees the process-wide store. Code running inside an isolation (the
/// `WiringTesting` traits and helpers) sees the store of that isolation instead, so a singleton
/// built by one test is never seen by another, while it is still shared within the test.
final class SingletonStore: Sendable {
  /// What resolutions may use without the lock; changed only under `slots`' lock.
  let index = PublishedIndex()
  let slots: Locked<SlotTable>

  init() { slots = Locked(SlotTable(index: index)) }
}
