/// Resolving a factory whose builder belongs to an actor, from code that may run elsewhere.
extension Factory where T: Sendable {
  /// Resolves on the main actor: for a factory declared in main-actor code.
  ///
  /// A builder written on the main actor runs only there. From other code, await this instead
  /// of calling the factory:
  ///
  /// ```swift
  /// extension Container {
  ///   @MainActor var profile: Factory<ProfileViewModel> { self { ProfileViewModel() } }
  /// }
  ///
  /// let model = await Container.shared.profile.resolveOnMainActor()
  /// ```
  @MainActor
  @inlinable
  public func resolveOnMainActor() -> T { resolve() }

  /// Resolves on `isolation`, the global actor that the factory's builder belongs to.
  ///
  /// ```swift
  /// let store = await Container.shared.store.resolveOnGlobalActor(DatabaseActor.shared)
  /// ```
  ///
  /// Wiring checks main-actor builders before they run; a builder isolated to another actor
  /// runs wherever it is resolved, so pass the actor it was written for.
  @inlinable
  public func resolveOnGlobalActor(_ isolation: isolated any Actor) -> T { resolve() }
}

/// Resolving a parameterized factory whose builder belongs to an actor.
extension ParameterFactory where P: Sendable, T: Sendable {
  /// Resolves for `parameter` on the main actor: see ``Factory/resolveOnMainActor()``.
  @MainActor
  @inlinable
  public func resolveOnMainActor(_ parameter: P) -> T { resolve(parameter) }

  /// Resolves for `parameters` on `isolation`: see ``Factory/resolveOnGlobalActor(_:)``.
  @inlinable
  public func resolveOnGlobalActor(_ isolation: isolated any Actor, parameters: P) -> T {
    resolve(parameters)
  }
}
