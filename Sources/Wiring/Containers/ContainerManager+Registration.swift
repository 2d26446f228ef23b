extension ContainerManager {
  /// Registers `override` for `key`: runs auto-registration first, so that it cannot undo the
  /// override, then replaces the slot's override and drops what it kept.
  @usableFromInline
  func register<T, Builder>(
    _ override: Override<T, Builder>, for key: FactoryKey, in container: any ManagedContainer
  ) {
    ensureAutoRegistered(container)
    let scope = override.scope
    let hasContexts = override.hasContexts
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      slot.setOverride(override, scope: scope, hasContexts: hasContexts)
      slot.dropInstances()
      republish(key, slot, retiring: &retired)
    }
    retired.release()
  }

  /// Drops the override of `key`, its kept instance, its contexts, as `options` say.
  @usableFromInline
  func reset(_ key: FactoryKey, _ options: FactoryResetOptions) {
    guard !options.isEmpty else { return }
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      guard let slot = registry.slots.slot(for: key) else { return }
      slot.reset(options)
      republish(key, slot, retiring: &retired)
    }
    retired.release()
    if options.contains(.scope) { SingletonStorage.drop(key) }
  }
}
