extension ContainerManager {
  /// Registers `override` for `key`: runs auto-registration first, so that it cannot undo the
  /// override, then replaces the slot's override and drops what it kept.
  ///
  /// A scope, decorator or contexts stored before, by a statement or chained onto an earlier
  /// registration, stay, as in Factory, where registering replaces only how to build.
  @usableFromInline
  func register<T, Builder>(
    _ override: Override<T, Builder>, for key: FactoryKey, in container: any ManagedContainer
  ) {
    ensureAutoRegistered(container)
    var retired = PublishedIndex.Retired()
    registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      // Asked first, without a cast: a cast to the generic override type, in code that is not
      // specialized, looks up its metadata, and registering again is what tests do most.
      let keepsSomething =
        slot.override.map { $0.scope != nil || $0.hasDecorator || $0.hasContexts } ?? false
      let override =
        keepsSomething
        ? (slot.override as? Override<T, Builder>).map { previous in
          Override(
            builder: override.builder, scope: override.scope ?? previous.scope,
            decorator: override.decorator ?? previous.decorator,
            contexts: ContextualBuilder.adding(override.contexts, to: previous.contexts))
        } ?? override
        : override
      slot.override = override
      slot.dropInstances()
      republish(key, slot, retiring: &retired)
      markDependentsStale(of: key, in: &registry)
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
      if options.contains(.dependents) {
        dropDependents(of: key, in: &registry, retiring: &retired)
      } else if !options.isDisjoint(with: [.registration, .scope]) {
        markDependentsStale(of: key, in: &registry)
      }
    }
    retired.release()
    if options.contains(.scope) { Singletons.drop(key) }
  }
}
