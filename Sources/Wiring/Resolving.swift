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
    Factory<T>(registeredByTypeIn: self, builder).register(
      factory: builder, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The factory registered for `T`, or nil when nothing is registered for it.
  ///
  /// It resolves what is registered when it is called, as any factory does, and once the
  /// registration is reset, the builder registered when it was returned, as in Factory.
  public func factory<T>(_ type: T.Type = T.self) -> Factory<T>? {
    let key = FactoryKey(
      container: Swift.type(of: self), value: T.self, name: FactoryKey.registeredByType)
    return manager.registeredBuilder(for: key, in: self).map {
      Factory<T>(registeredByTypeIn: self, $0)
    }
  }

  /// Resolves a `T` with its registration; nil when nothing is registered for it.
  public func resolve<T>(_ type: T.Type = T.self) -> T? {
    factory(type)?()
  }
}

extension Factory {
  /// The factory of `T` that `Resolving` registers and resolves by type, declared with
  /// `builder`.
  init<C: Resolving>(registeredByTypeIn container: C, _ builder: @escaping () -> T) {
    self.init(
      container, key: FactoryKey.registeredByType, site: FactoryKey.registeredByType,
      isolation: nil, builder)
  }
}

extension ContainerManager {
  /// The builder of the override that replaces the declaration of `key`, if one is registered.
  func registeredBuilder<T>(
    for key: FactoryKey, in container: any ManagedContainer
  ) -> (() -> T)? {
    ensureAutoRegistered(container)
    return registry.withLock { registry in
      guard let stored = registry.slots.slot(for: key)?.amendment, stored.isReplacement else {
        return nil
      }
      return Amendment<T, () -> T>(stored)?.builder
    }
  }
}
