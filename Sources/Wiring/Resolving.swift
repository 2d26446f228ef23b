/// A container that also registers and resolves by type, with no declared factory.
///
/// ```swift
/// final class Services: SharedContainer, Resolving {
///   static let shared = Services()
///   let manager = ContainerManager()
/// }
///
/// Services.shared.register { LiveClock() as any Clock }.scope(.singleton)
/// let clock: (any Clock)? = Services.shared.resolve()
/// ```
///
/// Each type has one registration per container, kept like an override: ``register(_:factory:fileID:filePath:line:column:)``
/// replaces it, and `reset` drops it. Declared factories are checked at compile time; prefer
/// them, and keep type-based resolution for code that cannot name a factory.
public protocol Resolving: ManagedContainer {}

extension Resolving {
  /// Registers how to build a `T`, replacing the registration before it.
  ///
  /// - Parameters:
  ///   - type: The type to register.
  ///   - builder: How to build a `T` from now on.
  ///   - fileID: Where the registration is written; leave the defaults.
  ///   - filePath: Where the registration is written.
  ///   - line: Where the registration is written.
  ///   - column: Where the registration is written.
  /// - Returns: The type's factory, for modifiers: `.scope(.cached)`, `.onTest { … }`.
  @discardableResult
  public func register<T>(
    _ type: T.Type = T.self, factory builder: @escaping @Sendable () -> T,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: Int = #line,
    column: Int = #column
  ) -> Factory<T> {
    Factory<T>(resolvingTypeIn: self).register(
      factory: builder, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The factory registered for `T`, or nil when nothing is registered for it.
  public func factory<T>(_ type: T.Type = T.self) -> Factory<T>? {
    let factory = Factory<T>(resolvingTypeIn: self)
    return manager.hasReplacement(for: factory.registration.key, in: self) ? factory : nil
  }

  /// Resolves a `T` with its registration; nil when nothing is registered for it.
  public func resolve<T>(_ type: T.Type = T.self) -> T? {
    factory(type)?()
  }
}

extension Factory {
  /// The factory of `T` that `Resolving` registers and resolves by type.
  init<C: Resolving>(resolvingTypeIn container: C) {
    self.init(promisedBy: container, key: "(registered by type)", site: "(registered by type)")
  }
}

extension ContainerManager {
  /// Whether an override that replaces the declaration is registered for `key`.
  func hasReplacement(for key: FactoryKey, in container: any ManagedContainer) -> Bool {
    ensureAutoRegistered(container)
    return registry.withLock { registry in
      registry.slots.slot(for: key)?.amendment?.isReplacement ?? false
    }
  }
}
