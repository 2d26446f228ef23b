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

  /// Declares an async factory on `container`.
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - function: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - builder: How to build a value.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping Builder
  ) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function, builder: builder)
  }

  @inlinable
  init<C: ManagedContainer>(promisedBy container: C, key: StaticString, function: StaticString) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function,
      promise: { preconditionFailure("Wiring: a promise's stand-in builder ran") })
  }

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
