/// The container, key and declaration behind one factory value.
///
/// You rarely touch it: it is what ``FactoryModifying`` modifiers change.
public struct FactoryRegistration<Value, Builder: Sendable>: Sendable {
  @usableFromInline let container: any ManagedContainer
  /// `Container`'s manager, unretained, so that resolving neither calls through the protocol
  /// nor retains it; nil for other containers.
  ///
  /// `container` above keeps the container alive for as long as this value exists, and
  /// `Container.manager` is a constant of a final class, so the manager lives as long. Other
  /// containers' `manager` is read through the protocol when resolving, since Wiring cannot prove
  /// that it always returns the same object.
  @usableFromInline let managerAddress: Unmanaged<ContainerManager>?
  @usableFromInline let key: FactoryKey
  @usableFromInline var definition: Definition<Value, Builder>
  /// Set on the value `register` returns: modifiers chained onto it change the override.
  @usableFromInline var isOverride = false

  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: C, name: StaticString, builder: Builder?, parameterType: Any.Type? = nil
  ) {
    self.container = container
    if let container = container as? Container {
      managerAddress = Unmanaged.passUnretained(container.manager)
    } else {
      managerAddress = nil
    }
    key = FactoryKey(container: C.self, value: Value.self, name: name)
    definition = Definition(builder: builder)
  }

  /// Replaces the registered override of this key, keeping its other modifiers.
  @usableFromInline
  func updateOverride(_ change: (Override<Value, Builder>) -> Override<Value, Builder>) {
    let manager = container.manager
    var retired = PublishedIndex.Retired()
    manager.registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      guard let current = slot.override as? Override<Value, Builder> else { return }
      let changed = change(current)
      slot.setOverride(changed, scope: changed.scope, hasContexts: changed.hasContexts)
      slot.dropInstances()
      manager.republish(key, slot, retiring: &retired)
    }
    retired.release()
  }
}
