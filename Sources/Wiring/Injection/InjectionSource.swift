/// The key path a property wrapper was made with, to find its factory again on the container's
/// current `shared` instance.
@usableFromInline
struct InjectionSource: Sendable {
  /// Nil for a wrapper made from a `MainActorFactory`, whose key path is main-actor isolated.
  @usableFromInline let keyPath: (any AnyKeyPath & Sendable)?

  @inlinable
  init(_ keyPath: (any AnyKeyPath & Sendable)?) { self.keyPath = keyPath }

  /// The factory at the key path, read from its container's `shared` instance now.
  ///
  /// A wrapper made from a `MainActorFactory` has no `Factory`: asking it for one is a
  /// programmer error, reported with what to write instead.
  @usableFromInline
  func factory<T>(of _: T.Type) -> Factory<T> {
    if let keyPath = keyPath as AnyKeyPath? {
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
