/// A container that Wiring can make an empty instance of, to verify its factories in a sandbox.
///
/// `Container` is one. Make your own container one by declaring the conformance; its `init()`
/// must make an empty container, as the usual declaration does:
///
/// ```swift
/// public final class NetworkContainer: SharedContainer, VerifiableContainer {
///   @TaskLocal public static var shared = NetworkContainer()
///   public let manager = ContainerManager()
///   public init() {}
/// }
/// ```
public protocol VerifiableContainer: ManagedContainer {
  /// Makes an empty container: no registrations, nothing kept.
  init()
}

extension Container: VerifiableContainer {}

extension VerifiableContainer {
  /// A new container of this type with this container's registrations and nothing kept: its
  /// auto-registration, then this container's overrides over it.
  func sandbox() -> Self {
    let sandbox = Self()
    sandbox.manager.becomeSandbox(of: sandbox, copying: manager)
    return sandbox
  }
}

extension ContainerManager {
  /// Makes this (new, empty) manager a verification sandbox holding `original`'s overrides.
  func becomeSandbox(of container: any ManagedContainer, copying original: ContainerManager) {
    registry.withLock { $0.isSandbox = true }
    ensureAutoRegistered(container)
    let overrides = original.registry.withLock { registry in
      registry.slots.entries.compactMap { key, slot in
        slot.override.map { (key, $0) }
      }
    }
    registry.withLock { registry in
      for (key, override) in overrides {
        registry.slots.slotCreating(key).override = override
      }
      publishReadiness(registry)
    }
  }
}
