/// A factory for a main-actor type, resolved on the main actor.
///
/// Declare it from a main-actor property; the compiler then rejects resolving it from anywhere
/// else without `await`, so a main-actor initializer never runs off the main thread.
///
/// ```swift
/// @MainActor final class ProfileViewModel { init() {} }
///
/// extension Container {
///   @MainActor var profile: MainActorFactory<ProfileViewModel> { self { ProfileViewModel() } }
/// }
///
/// @MainActor func show() { let model = Container.shared.profile() }
/// ```
public struct MainActorFactory<T>: FactoryModifying {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value on the main actor.
  public typealias Builder = @MainActor @Sendable () -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

  /// Resolves a value on the main actor.
  @MainActor
  @inlinable
  @inline(__always)
  public borrowing func callAsFunction() -> T { resolve() }

  /// Resolves a value on the main actor.
  @MainActor
  @inlinable
  @inline(__always)
  public borrowing func resolve() -> T {
    registration.resolve { $0() }
  }
}
