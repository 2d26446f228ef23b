/// The container, key and declaration behind one factory value.
///
/// You rarely touch it: it is what ``FactoryModifying`` modifiers change.
public struct FactoryRegistration<Value, Builder: Sendable>: Sendable {
  @usableFromInline let container: any ManagedContainer
  /// `container.manager`, read once here so that resolving neither calls through the protocol
  /// nor retains it.
  ///
  /// Unretained only for `Container`, whose `manager` is a constant of a final class: `container`
  /// above keeps that container, and so its manager, alive for as long as this value exists.
  /// Other containers' managers are kept by `managerOwner`, since Wiring cannot prove that their
  /// `manager` property always returns the same object.
  @usableFromInline let managerAddress: Unmanaged<ContainerManager>
  @usableFromInline let managerOwner: ContainerManager?
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
    let manager = container.manager
    managerAddress = Unmanaged.passUnretained(manager)
    managerOwner = C.self == Container.self ? nil : manager
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
      slot.setOverride(changed, scope: changed.scope, hasContexts: !changed.contexts.isEmpty)
      slot.dropInstances()
      manager.republish(key, registry, retiring: &retired)
    }
    retired.release()
  }
}
