#if canImport(SwiftUI)
public import SwiftUI
#endif

/// The modifiers, registration and reset that every kind of factory shares.
///
/// In a declaration, a modifier only changes the returned value, so declaring costs nothing at
/// resolution. Written as a statement, outside the property that declares the factory, the same
/// modifiers are stored in the container, as Factory stores them, until ``reset(_:)``; chained
/// after ``register(factory:fileID:filePath:line:column:)`` they change the override:
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton.onTest { StubAPI() } }
/// }
///
/// Container.shared.api.onPreview { PreviewAPI() }                  // kept by the container
/// Container.shared.api.register { RecordingAPI() }.scope(.cached)  // the override's scope
/// ```
public protocol FactoryModifying: Sendable {
  /// The type the factory produces.
  associatedtype Value
  /// The closure type that builds a value: `() -> Value`, `(P) -> Value`, or main-actor.
  associatedtype Builder
  /// The container, key and declaration behind this factory.
  var registration: FactoryRegistration<Value, Builder> { get set }
  /// Makes the factory that `registration` describes.
  ///
  /// Declare factories with the container (`self { … }`) or the kind's declaring initializer;
  /// this one is what those, and the modifiers, build on.
  init(registration: FactoryRegistration<Value, Builder>)
}

extension FactoryModifying {
  // NB: the `consuming` modifiers move the factory along a chain such as
  // `self { … }.cached.decorator { … }` instead of copying it (and retaining its container) at
  // every step. `site` is the caller's `#function`, which tells a modifier in the declaration
  // from a statement (see `FactoryRegistration.traitsAfterModifier(in:_:)`).
  //
  // Only the decorator and the contexts come here; they live in the rare modifiers, so a factory
  // declared with either still retains its container when it resolves (Docs/Performance.md).
  // Setting the two fields in place keeps one copy where a new value kept two.
  @inlinable
  @inline(__always)
  consuming func modified(
    in site: StaticString,
    _ declare: (inout RareModifiers<Value, Builder>.Fields) -> Void,
    amendment change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>
  ) -> Self {
    guard let traits = registration.traitsAfterModifier(in: site, change) else {
      return self
    }
    let rareModifiers = RareModifiers<Value, Builder>.replacing(registration.rareModifiers, declare)
    registration.traits = traits
    registration.rareModifiers = rareModifiers
    return self
  }

  // MARK: Registration

  /// Replaces how this factory builds, until ``reset(_:)``.
  ///
  /// An override replaces the declaration's builder and drops any instance kept for this key;
  /// as in Factory, a context modifier that holds (`onTest`, `onArg`, …) still wins over it. The declaration's scope still applies unless a scope modifier
  /// is chained onto the result. What an override builds stays in this container, even for a
  /// `.singleton` factory, so other containers never see a test's fake.
  ///
  /// ```swift
  /// Container.shared.api.register { FakeAPIClient() }
  /// ```
  ///
  /// - Parameters:
  ///   - builder: How to build a value from now on.
  ///   - fileID: Where the registration is written; leave the defaults. A strict test's report
  ///     of an instance built before this registration points here.
  ///   - filePath: Where the registration is written.
  ///   - line: Where the registration is written.
  ///   - column: Where the registration is written.
  @inlinable
  @inline(__always)
  @discardableResult
  public func register(
    factory builder: Builder, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: Int = #line, column: Int = #column
  ) -> Self {
    Self(registration: registration.registering(builder, at: (fileID, filePath, line, column)))
  }

  /// Goes back to the declaration: drops the override, the kept instance, or both.
  ///
  /// As in Factory, dropping only the registration keeps the instance it built until the scope
  /// is reset too; a strict test reports such an instance when it is resolved.
  ///
  /// ```swift
  /// Container.shared.api.reset()                // override and instance
  /// Container.shared.api.reset(.scope)          // only the kept instance
  /// Container.shared.api.reset(.registration)   // only the registered builder
  /// ```
  @discardableResult
  public func reset(_ options: FactoryResetOptions = .all) -> Self {
    let registration = self.registration
    // First, as `register` does: an auto-registration that ran after the reset would undo it.
    registration.manager.ensureAutoRegistered(registration.container)
    registration.manager.reset(registration.key, options)
    if registration.isOnce, options.contains(.context), !options.contains(.registration) {
      registration.amend { $0.with(dropsDeclaredContexts: true) }
    }
    return self
  }

  // MARK: Scopes

  /// Keeps instances for `scope`.
  ///
  /// The function forms of the modifiers discard their result quietly, so they can be written
  /// as statements or chained after `register` (see ``FactoryModifying``). Changing the scope
  /// of a factory drops the instance kept for it.
  ///
  /// - Parameters:
  ///   - scope: The scope to keep instances in.
  ///   - site: The caller; leave the default, which tells a declaration from a statement.
  @inlinable
  @inline(__always)
  @discardableResult
  public func scope(_ scope: Scope, site: StaticString = #function) -> Self {
    var changed = self
    changed.registration = registration.scoping(scope, in: site)
    return changed
  }

  /// The property forms (`.cached`, …) warn when their result is unused, so they are never
  /// statements: they change the declaration, or the override they are chained onto.
  @inlinable
  @inline(__always)
  func declaring(_ scope: Scope) -> Self {
    var declared = self
    declared.registration = registration.declaring(scope)
    return declared
  }

  /// A new instance on every resolution (the default).
  @inlinable public var unique: Self { @inline(__always) get { declaring(.unique) } }
  /// One instance per container until reset.
  @inlinable public var cached: Self { @inline(__always) get { declaring(.cached) } }
  /// One instance per process, shared by every container.
  @inlinable public var singleton: Self {
    @inline(__always) get { declaring(.singleton) }
  }
  /// One instance reused while something else holds it.
  @inlinable public var shared: Self { @inline(__always) get { declaring(.shared) } }
  /// One instance per top-level resolution.
  @inlinable public var graph: Self { @inline(__always) get { declaring(.graph) } }

  /// Rebuilds the kept instance once it has gone unused for `seconds`.
  ///
  /// As in Factory, it applies to the factory's scope, whichever scope modifier comes before or
  /// after it: `.scope(.session).timeToLive(1_200)` keeps a session instance, which resetting
  /// the session drops, for twenty minutes after its last use; `.singleton.timeToLive(60)` keeps
  /// the process's. A factory with no other scope keeps the instance in its container, as
  /// `.cached` does; a `.unique` or `.graph` factory keeps nothing to expire. Each resolution
  /// that takes the kept instance starts its time again. For a lifetime counted from the build,
  /// write `.scope(.expiring(after: seconds))`.
  ///
  /// ```swift
  /// var user: Factory<User> { self { User() }.scope(.session).timeToLive(20 * 60) }
  /// ```
  @inlinable
  @discardableResult
  public consuming func timeToLive(_ seconds: Double, site: StaticString = #function) -> Self {
    var changed = self
    changed.registration = changed.registration.living(for: seconds, in: site)
    return changed
  }

  // MARK: Decorating

  /// Calls `decorator` with the instance on every resolution, a kept one included.
  ///
  /// It runs after the instance is built or taken from its scope, before the caller receives it;
  /// for a newly built instance, also before others waiting for it receive it. Use the
  /// two-argument form to tell a new instance from a kept one.
  ///
  /// ```swift
  /// var session: Factory<Session> { self { Session() }.cached.decorator { log.resolved($0) } }
  /// ```
  @inlinable
  @discardableResult
  public consuming func decorator(
    _ decorator: @escaping (Value) -> Void, site: StaticString = #function
  ) -> Self {
    self.decorator({ instance, _ in decorator(instance) }, site: site)
  }

  /// Calls `decorator` on every resolution with the instance and whether it was just built.
  ///
  /// The second argument is `true` when this resolution built the instance, and `false` when it
  /// returns one its scope kept (or, for `.graph`, one built earlier in the same resolution).
  ///
  /// ```swift
  /// var session: Factory<Session> {
  ///   self { Session() }.cached.decorator { session, isNew in if isNew { session.start() } }
  /// }
  /// ```
  @inlinable
  @discardableResult
  public consuming func decorator(
    _ decorator: @escaping (Value, Bool) -> Void, site: StaticString = #function
  ) -> Self {
    modified(in: site) {
      $0.decorator = decorator
    } amendment: {
      $0.with(decorator: decorator)
    }
  }

  // MARK: Contexts

  /// Builds with `builder` in each of `contexts`.
  ///
  /// A later builder for the same context replaces an earlier one. When several contexts hold,
  /// arguments win, then preview, test, simulator or device, and debug.
  ///
  /// ```swift
  /// var api: Factory<any APIClient> {
  ///   self { LiveAPIClient() }.context(.test, .preview) { StubAPI() }
  /// }
  /// ```
  @inlinable
  @discardableResult
  public consuming func context(
    _ contexts: FactoryContextType..., site: StaticString = #function,
    factory builder: Builder
  ) -> Self {
    context(contexts.flatMap(\.conditions), builder, site)
  }

  /// Builds with `builder` when the process was launched with `argument`, or has it as a
  /// runtime argument (``FactoryContext/setArg(_:forKey:)``).
  @inlinable
  @discardableResult
  public consuming func onArg(
    _ argument: String, site: StaticString = #function, factory builder: Builder
  ) -> Self {
    context(.argument(argument), builder, site)
  }

  /// Builds with `builder` when any of `arguments` is present.
  @inlinable
  @discardableResult
  public consuming func onArgs(
    _ arguments: [String], site: StaticString = #function, factory builder: Builder
  ) -> Self {
    context(arguments.map(ContextCondition.argument), builder, site)
  }

  /// Builds with `builder` while Xcode renders previews.
  @inlinable
  @discardableResult
  public consuming func onPreview(
    site: StaticString = #function, factory builder: Builder
  ) -> Self {
    context(.preview, builder, site)
  }

  /// Builds with `builder` while the process runs tests.
  ///
  /// It wins over an override that a test registers, as in Factory.
  @inlinable
  @discardableResult
  public consuming func onTest(site: StaticString = #function, factory builder: Builder)
    -> Self
  {
    context(.test, builder, site)
  }

  /// Builds with `builder` in a simulator.
  @inlinable
  @discardableResult
  public consuming func onSimulator(
    site: StaticString = #function, factory builder: Builder
  ) -> Self {
    context(.simulator, builder, site)
  }

  /// Builds with `builder` on a device, not a simulator.
  @inlinable
  @discardableResult
  public consuming func onDevice(site: StaticString = #function, factory builder: Builder)
    -> Self
  {
    context(.device, builder, site)
  }

  /// Builds with `builder` in debug builds.
  @inlinable
  @discardableResult
  public consuming func onDebug(site: StaticString = #function, factory builder: Builder)
    -> Self
  {
    context(.debug, builder, site)
  }

  @inlinable
  consuming func context(
    _ conditions: [ContextCondition], _ builder: Builder, _ site: StaticString
  ) -> Self {
    context(conditions.map { ContextualBuilder(condition: $0, builder: builder) }, site)
  }

  /// `context` for one condition: the common case, which makes one array rather than two.
  @inlinable
  consuming func context(
    _ condition: ContextCondition, _ builder: Builder, _ site: StaticString
  ) -> Self {
    context([ContextualBuilder(condition: condition, builder: builder)], site)
  }

  @inlinable
  consuming func context(_ added: [ContextualBuilder<Builder>], _ site: StaticString) -> Self {
    modified(in: site) {
      $0.contexts = ContextualBuilder.adding(added, to: $0.contexts)
    } amendment: {
      $0.with(contexts: ContextualBuilder.adding(added, to: $0.contexts))
    }
  }

  // MARK: Once

  /// Ends a declaration whose contexts, once reset, stay reset until everything is, as in
  /// Factory.
  ///
  /// In Factory, `once()` stops a declaration's modifiers from being applied again at each
  /// resolution, so that modifiers written as statements last. Wiring never applies a
  /// declaration's modifiers over those, with or without `once()`; what `once()` still changes
  /// is `reset(.context)`, which then drops the declaration's own contexts too, until `reset()`
  /// or `manager.reset()`:
  ///
  /// ```swift
  /// var api: Factory<any APIClient> { self { LiveAPI() }.onDebug { DebugAPI() }.once() }
  ///
  /// Container.shared.api.reset(.context)  // now LiveAPI in debug builds too
  /// Container.shared.api.reset()          // DebugAPI again
  /// ```
  ///
  /// Written outside the declaration, it changes nothing.
  @inlinable
  @discardableResult
  public consuming func once(site: StaticString = #function) -> Self {
    guard !registration.isAmendment, registration.site.matches(site) else { return self }
    registration.rareModifiers = RareModifiers<Value, Builder>.replacing(
      registration.rareModifiers
    ) {
      $0.isOnce = true
    }
    return self
  }
}

/// What a reset drops, for one factory or a whole container.
public struct FactoryResetOptions: OptionSet, Sendable {
  /// The option bits.
  public let rawValue: Int
  /// Makes options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Nothing.
  public static let none: FactoryResetOptions = []
  /// The builder registered with `register`; modifiers stored with it or written as statements
  /// stay, and so does what it built, as in Factory.
  public static let registration = FactoryResetOptions(rawValue: 1 << 0)
  /// The instances kept by the factory's scope.
  public static let scope = FactoryResetOptions(rawValue: 1 << 1)
  /// The context builders (`onTest`, `onArg`, …) the container stores: those chained after
  /// `register` or written as statements. A declaration's own contexts stay.
  public static let context = FactoryResetOptions(rawValue: 1 << 2)
  /// Everything above.
  public static let all: FactoryResetOptions = [.registration, .scope, .context]
  /// The instances this container keeps that were built from this factory, directly or through
  /// others, so that they are built again from what is registered now. Needs the container to
  /// track dependents (`manager.tracksDependents`); not part of `.all`.
  public static let dependents = FactoryResetOptions(rawValue: 1 << 3)
}

/// A kind of factory whose builder keeps the isolation of the code that declares it:
/// ``Factory`` and ``ParameterFactory``.
///
/// Like Factory's, such a builder is a plain closure that may capture what the declaring code
/// owns. The declaration records whether that code was on the main actor, and a builder written
/// there runs only there: resolved anywhere else, it stops with a ``ResolutionFailure`` that
/// names the factory.
public protocol IsolationInheritingFactory: FactoryModifying {}

extension IsolationInheritingFactory {
  /// Declares a factory on `container`.
  ///
  /// ```swift
  /// extension Container {
  ///   var primary: Factory<Database> { Factory(self, key: "primary") { Database(.primary) } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - site: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - isolation: The declaring code's actor; leave the default.
  ///   - builder: How to build a value.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, site: StaticString = #function,
    @_eagerMove isolation: (any Actor)? = #isolation, _ builder: Builder
  ) {
    // NB: `@_eagerMove`, like the registration: with a lexical lifetime, the isolation kept the
    // container's copy, and its retain, alive for the whole resolution (`ContainerRetainTests`).
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, site: site,
        onMainActor: BuilderIsolation.isMainActor(isolation), builder: builder))
  }
}

extension FactoryModifying where Builder: Sendable {
  /// Declares a factory on `container`.
  ///
  /// A `Sendable` builder states where it runs (``MainActorFactory``) or runs anywhere
  /// (``AsyncFactory``, ``AsyncThrowingFactory``), so the declaration records no isolation.
  ///
  /// ```swift
  /// extension Container {
  ///   var replica: AsyncFactory<Database> {
  ///     AsyncFactory(self, key: "replica") { await Database.open(.replica) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - site: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - builder: How to build a value.
  @inlinable
  @inline(__always)
  public init<C: ManagedContainer>(
    _ container: borrowing C, key: StaticString = #function, site: StaticString = #function,
    _ builder: Builder
  ) {
    self.init(
      registration: FactoryRegistration(
        container: container, name: key, site: site, builder: builder))
  }
}

extension FactoryModifying {
  #if canImport(SwiftUI)
  /// Registers `builder` as ``register(factory:fileID:filePath:line:column:)`` does, as a call.
  ///
  /// Handy where many overrides are set at once, in a test or a preview:
  ///
  /// ```swift
  /// #Preview {
  ///   Container.shared.api { FakeAPIClient() }
  ///   ProfileView()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - builder: How to build a value from now on.
  ///   - fileID: Where the call is written; leave the defaults (see
  ///     ``register(factory:fileID:filePath:line:column:)``).
  ///   - filePath: Where the call is written.
  ///   - line: Where the call is written.
  ///   - column: Where the call is written.
  /// - Returns: An `EmptyView`, as in Factory, so that a view builder takes the call as a
  ///   statement.
  @inlinable
  @inline(__always)
  @discardableResult
  public func callAsFunction(
    factory builder: Builder, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: Int = #line, column: Int = #column
  ) -> EmptyView {
    register(factory: builder, fileID: fileID, filePath: filePath, line: line, column: column)
    return EmptyView()
  }
  #else
  /// Registers `builder` as ``register(factory:fileID:filePath:line:column:)`` does, as a call.
  ///
  /// Handy where many overrides are set at once, in a test or a preview:
  ///
  /// ```swift
  /// Container.shared.api { FakeAPIClient() }
  ///
  /// @Test(.container { $0.api { FakeAPIClient() } })
  /// func showsTheProfile() { … }
  /// ```
  ///
  /// Where SwiftUI exists it returns an `EmptyView`, so that a `#Preview` body accepts it.
  ///
  /// - Parameters:
  ///   - builder: How to build a value from now on.
  ///   - fileID: Where the call is written; leave the defaults (see
  ///     ``register(factory:fileID:filePath:line:column:)``).
  ///   - filePath: Where the call is written.
  ///   - line: Where the call is written.
  ///   - column: Where the call is written.
  @inlinable
  @inline(__always)
  public func callAsFunction(
    factory builder: Builder, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: Int = #line, column: Int = #column
  ) {
    register(factory: builder, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  #endif
}

extension FactoryModifying {
  /// Lets this factory's own builder run in a fakes-only test: it reaches nothing live.
  ///
  /// A test run with `.container(fakesOnly: true)` records an issue for every factory whose
  /// declared builder runs, because no fake was registered for it and no context's builder
  /// held. Mark the declarations that are safe to build anywhere: pure values, formatters, and
  /// objects that only compose other factories, each of which is checked in its turn.
  ///
  /// ```swift
  /// extension Container {
  ///   var formatter: Factory<DateFormatter> { self { DateFormatter() }.cached.safeInTests }
  /// }
  /// ```
  ///
  /// It belongs in the declaration; written anywhere else it changes nothing.
  @inlinable
  public var safeInTests: Self {
    var marked = self
    marked.registration.traits[.safeInTests] = true
    return marked
  }
}
