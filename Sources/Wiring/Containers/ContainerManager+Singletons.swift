extension ContainerManager {
  /// The singleton storage in effect (the process-wide one, or an isolated test's), locked: the
  /// one place resolutions, sync and async, and the dump reach it.
  static func withSingletons<R>(_ body: (inout SlotTable, PublishedIndex) -> R) -> R {
    let storage = Singletons.current
    return storage.slots.withLock { body(&$0, storage.index) }
  }
}
