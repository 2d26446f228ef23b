/// A factory whose builder awaits: `await container.database()`.
///
/// Declare it like the synchronous ones, with a builder that may `await`:
///
/// ```swift
/// extension Container {
///   var database: AsyncFactory<Database> { self { await Database.open() }.singleton }
/// }
///
/// let database = await Container.shared.database()
/// ```
///
/// Kept scopes build once however many tasks ask together: every caller awaits the same build,
/// which runs in a task of its own, so cancelling a caller never cancels it. A caller waits for
/// that build even if its own task is cancelled (it cannot throw); use ``AsyncThrowingFactory``
/// for a caller that stops waiting. Overrides, `push`/`pop`, reset, scopes, the trace and graph
/// recordings work as for `Factory`. `T` must be `Sendable`, since one task builds what others
/// receive.
public struct AsyncFactory<T: Sendable>: FactoryModifying {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value, awaiting what it needs.
  public typealias Builder = @Sendable () async -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

  /// Resolves a value: a kept instance, the build in progress, or a new one.
  @inlinable
  public borrowing func callAsFunction() async -> T { await resolve() }

  /// Resolves a value: a kept instance, the build in progress, or a new one.
  @inlinable
  public borrowing func resolve() async -> T {
    do {
      return try await registration.resolveAsync(cancellable: false) { await $0() }
    } catch {
      // NB: the builder cannot throw, and a wait that ignores cancellation throws nothing.
      preconditionFailure("Wiring: \(registration.key) threw \(error) without a throwing builder")
    }
  }
}
