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

extension ManagedContainer {
  /// Declares an async factory: `self { await Database.open() }`.
  ///
  /// ```swift
  /// extension Container {
  ///   var database: AsyncFactory<Database> { self { await Database.open() }.singleton }
  /// }
  /// ```
  @inlinable
  @inline(__always)
  public func callAsFunction<T: Sendable>(
    key: StaticString = #function, site: StaticString = #function,
    _ builder: @escaping @Sendable () async -> T
  ) -> AsyncFactory<T> {
    AsyncFactory(self, key: key, site: site, builder)
  }

  /// Declares a throwing async factory: `self { try await Session.signIn() }`.
  ///
  /// ```swift
  /// extension Container {
  ///   var session: AsyncThrowingFactory<Session> { self { try await Session.signIn() }.cached }
  /// }
  /// ```
  @inlinable
  @inline(__always)
  public func callAsFunction<T: Sendable>(
    key: StaticString = #function, site: StaticString = #function,
    _ builder: @escaping @Sendable () async throws -> T
  ) -> AsyncThrowingFactory<T> {
    AsyncThrowingFactory(self, key: key, site: site, builder)
  }

  /// Declares an async factory that this module needs and the app must register.
  @inlinable
  public func promised<T: Sendable>(
    key: StaticString = #function, site: StaticString = #function
  ) -> AsyncFactory<T> {
    AsyncFactory(promisedBy: self, key: key, site: site)
  }

  /// Declares a throwing async factory that this module needs and the app must register.
  @inlinable
  public func promised<T: Sendable>(
    key: StaticString = #function, site: StaticString = #function
  ) -> AsyncThrowingFactory<T> {
    AsyncThrowingFactory(promisedBy: self, key: key, site: site)
  }
}
