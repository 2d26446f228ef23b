/// A factory whose builder awaits and may throw: `try await container.session()`.
///
/// ```swift
/// extension Container {
///   var session: AsyncThrowingFactory<Session> {
///     self { try await Session.signIn(using: self.credentials()) }.cached
///   }
/// }
///
/// let session = try await Container.shared.session()
/// ```
///
/// A build that throws keeps nothing: the callers waiting for it get the error, and the next
/// caller builds again. A caller whose task is cancelled while it waits for a kept build stops
/// waiting and throws `CancellationError`; the build goes on, and the other callers get the
/// instance. Programmer errors (a cycle, a missing registration) trap as they do for `Factory`;
/// `try` is only for what the builder throws.
public struct AsyncThrowingFactory<T: Sendable>: FactoryModifying {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value, awaiting what it needs; may throw.
  public typealias Builder = @Sendable () async throws -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

  /// Resolves a value: a kept instance, the build in progress, or a new one.
  @inlinable
  public borrowing func callAsFunction() async throws -> T { try await resolve() }

  /// Resolves a value: a kept instance, the build in progress, or a new one.
  @inlinable
  public borrowing func resolve() async throws -> T {
    try await registration.resolveAsync(cancellable: true) { try await $0() }
  }
}
