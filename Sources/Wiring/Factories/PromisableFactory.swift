/// A kind of factory that can be promised: declared by a module that needs it, and built by
/// whatever the app registers (`promised()`).
@usableFromInline
protocol PromisableFactory: FactoryModifying {
  /// Fills the builder's place in a promise; it is never called.
  static var standIn: Builder { get }
}

extension PromisableFactory {
  @inlinable
  init<C: ManagedContainer>(promisedBy container: C, key: StaticString, function: StaticString) {
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, origin: function, promise: Self.standIn))
  }

  /// What a stand-in does if it is ever called: stops, since a promise resolves only through
  /// what the app registered.
  @inlinable
  static func standInRan() -> Never {
    preconditionFailure("Wiring: a promise's stand-in builder ran")
  }
}

extension Factory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}

extension ParameterFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { _ in standInRan() } }
}

extension AsyncFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}

extension AsyncThrowingFactory: PromisableFactory {
  @inlinable static var standIn: Builder { { standInRan() } }
}
