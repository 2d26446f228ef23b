/// The container, key and declaration behind one factory value.
///
/// You rarely touch it: it is what ``FactoryModifying`` modifiers change.
public struct FactoryRegistration<Value, Builder: Sendable>: Sendable {
  @usableFromInline let container: any ManagedContainer
  /// `container.manager`, read once here so that resolving does not call through the protocol.
  @usableFromInline let manager: ContainerManager
  @usableFromInline let key: FactoryKey
  @usableFromInline var definition: Definition<Value, Builder>
  /// Set on the value `register` returns: modifiers chained onto it change the override.
  @usableFromInline var isOverride = false

  @inlinable
  init<C: ManagedContainer>(
    container: C, name: StaticString, builder: Builder?, parameterType: Any.Type? = nil
  ) {
    self.container = container
    manager = container.manager
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
      slot.setOverride(change(current))
      slot.dropInstances()
      manager.republish(key, registry, retiring: &retired)
    }
    retired.release()
  }
}
