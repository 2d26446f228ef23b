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
  /// Set on the value `register` returns: modifiers chained onto it change the override.
  ///
  /// Declared after the key so that it takes a byte of the key's padding: the whole value must
  /// stay within the 128 bytes the compiler moves inline (`FactoryLayoutTests`).
  @usableFromInline var isOverride = false
  /// The `#function` of the code that declared the factory, which tells modifiers in the
  /// declaration from modifiers written as statements.
  @usableFromInline let origin: DeclarationSite
  @usableFromInline var definition: Definition<Value, Builder>

  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: C, name: StaticString, origin: StaticString, builder: Builder?
  ) {
    self.container = container
    if let container = container as? Container {
      managerAddress = Unmanaged.passUnretained(container.manager)
    } else {
      managerAddress = nil
    }
    key = FactoryKey(container: C.self, value: Value.self, name: name)
    self.origin = DeclarationSite(origin)
    definition = Definition(builder: builder)
  }

  /// Replaces the registered override of this key, keeping its other modifiers.
  @usableFromInline
  func updateOverride(_ change: (Override<Value, Builder>) -> Override<Value, Builder>) {
    apply(change, creatingAmendment: false)
  }

  /// Applies a modifier written as a statement to what the container stores for this key: the
  /// override, or an amendment of the declaration, made when there is none.
  @usableFromInline
  func amend(_ change: (Override<Value, Builder>) -> Override<Value, Builder>) {
    container.manager.ensureAutoRegistered(container)
    apply(change, creatingAmendment: true)
  }

  private func apply(
    _ change: (Override<Value, Builder>) -> Override<Value, Builder>, creatingAmendment: Bool
  ) {
    let manager = container.manager
    var retired = PublishedIndex.Retired()
    manager.registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      let current: Override<Value, Builder>
      if let override = slot.override as? Override<Value, Builder> {
        current = override
      } else if creatingAmendment {
        current = Override(builder: nil)
      } else {
        return
      }
      let changed = change(current)
      slot.override = changed
      // Like Factory, a new context or decorator leaves a kept instance alone; a new scope
      // does not keep what the old one kept.
      if (changed.scope ?? definition.scope) != (current.scope ?? definition.scope) {
        slot.dropInstances()
      }
      manager.republish(key, slot, retiring: &retired)
    }
    retired.release()
  }
}
