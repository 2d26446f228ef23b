/// The key path a property wrapper was made with, to find its factory again on the container's
/// current `shared` instance.
@usableFromInline
struct InjectionSource: Sendable {
  /// Nil for a wrapper made from a `MainActorFactory`, whose key path is main-actor isolated.
  @usableFromInline let declaration: DeclarationKeyPath<AnyKeyPath>?

  @inlinable
  init(_ keyPath: AnyKeyPath?) { declaration = keyPath.map(DeclarationKeyPath.init) }

  /// The factory at the key path, read from its container's `shared` instance now.
  ///
  /// A wrapper made from a `MainActorFactory` has no `Factory`: asking it for one is a
  /// programmer error, reported with what to write instead.
  @usableFromInline
  func factory<T>(of _: T.Type) -> Factory<T> {
    if let keyPath = declaration?.keyPath {
      func read<C: SharedContainer>(_: C.Type) -> Any? { C.shared[keyPath: keyPath] }
      if let container = type(of: keyPath).rootType as? any SharedContainer.Type,
        let factory = read(container) as? Factory<T>
      {
        return factory
      }
    }
    preconditionFailure(
      "Wiring: a property injected from a MainActorFactory<\(T.self)> has no Factory; "
        + "resolve or register it through the container, on the main actor")
  }
}

/// A key path to a factory's declaring property, held by a wrapper that may cross threads.
@usableFromInline
struct DeclarationKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
  // NB: `@unchecked` because a key path to an actor-isolated property, such as a factory
  // declared `@MainActor` or in a module whose default isolation is the main actor, is not
  // `Sendable`: reading it calls the property's getter wherever the reader runs. A key path is
  // immutable, and a declaring property only makes a `Factory` value from the container it is
  // given (`self { … }`); the part of it that belongs to the actor, the builder, is checked
  // before it runs (`BuilderIsolation`). Factory's wrappers take such key paths the same way.
  @usableFromInline let keyPath: Path

  @inlinable
  init(_ keyPath: Path) { self.keyPath = keyPath }
}
