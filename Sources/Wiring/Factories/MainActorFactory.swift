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

  /// Declares a main-actor factory on `container`.
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - function: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - builder: How to build a value, on the main actor.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping Builder
  ) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function, builder: builder)
  }

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
