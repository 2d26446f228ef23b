/// The modifiers, registration and reset that every kind of factory shares.
///
/// In a declaration, a modifier only changes the returned value; nothing is stored until a
/// factory resolves. Chained after ``register(_:)``, the same modifiers change the override:
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton.onTest { StubAPI() } }
/// }
///
/// Container.shared.api.register { RecordingAPI() }.scope(.cached)
/// ```
public protocol FactoryModifying: Sendable {
  /// The type the factory produces.
  associatedtype Value
  /// The closure type that builds a value: `() -> Value`, `(P) -> Value`, or main-actor.
  associatedtype Builder: Sendable
  /// The container, key and declaration behind this factory.
  var registration: FactoryRegistration<Value, Builder> { get set }
}

extension FactoryModifying {
  // NB: the modifiers consume the factory they are called on, so a declaration such as
  // `self { … }.cached.decorator { … }` moves one value along the chain instead of copying it
  // (and retaining its container) at every step.
  @inlinable
  @inline(__always)
  consuming func modified(
    _ declare: (inout Definition<Value, Builder>) -> Void,
    override change: (Override<Value, Builder>) -> Override<Value, Builder>
  ) -> Self {
    if registration.isOverride {
      registration.updateOverride(change)
    } else {
      declare(&registration.definition)
    }
    return self
  }

  // MARK: Registration

  /// Replaces how this factory builds, until ``reset(_:)``.
  ///
  /// An override wins over the declaration and all of its context modifiers, and drops any
  /// instance kept for this key. The declaration's scope still applies unless a scope modifier
  /// is chained onto the result. What an override builds stays in this container, even for a
  /// `.singleton` factory, so other containers never see a test's fake.
  ///
  /// ```swift
  /// Container.shared.api.register { FakeAPIClient() }
  /// ```
  @inlinable
  @discardableResult
  public func register(_ builder: Builder) -> Self {
    // Only the override's type needs `Value` and `Builder`; the rest runs unspecialized in
    // `ContainerManager.register` without looking up generic metadata.
    registration.container.manager.register(
      Override<Value, Builder>(builder: builder), for: registration.key,
      in: registration.container)
    var copy = self
    copy.registration.isOverride = true
    return copy
  }

  /// Goes back to the declaration: drops the override, the kept instance, or both.
  ///
  /// Dropping the override also drops any instance it built.
  ///
  /// ```swift
  /// Container.shared.api.reset()                // override and instance
  /// Container.shared.api.reset(.scope)          // only the kept instance
  /// Container.shared.api.reset(.registration)   // the override and what it built
  /// ```
  @inlinable
  @discardableResult
  public func reset(_ options: FactoryResetOptions = .all) -> Self {
    registration.container.manager.reset(registration.key, options)
    return self
  }

  // MARK: Scopes

  /// Keeps instances for `scope`.
  ///
  /// The function forms of the modifiers discard their result quietly, so they can be chained
  /// after `register`: `Container.shared.api.register { FakeAPI() }.scope(.cached)`.
  @inlinable
  @inline(__always)
  @discardableResult
  public consuming func scope(_ scope: Scope) -> Self {
    modified { $0.scope = scope } override: { $0.with(scope: scope) }
  }

  /// A new instance on every resolution (the default).
  @inlinable public var unique: Self { @inline(__always) consuming get { scope(.unique) } }
  /// One instance per container until reset.
  @inlinable public var cached: Self { @inline(__always) consuming get { scope(.cached) } }
  /// One instance per process, shared by every container.
  @inlinable public var singleton: Self { @inline(__always) consuming get { scope(.singleton) } }
  /// One instance reused while something else holds it.
  @inlinable public var shared: Self { @inline(__always) consuming get { scope(.shared) } }
  /// One instance per top-level resolution.
  @inlinable public var graph: Self { @inline(__always) consuming get { scope(.graph) } }

  /// One instance per container, rebuilt once it is older than `seconds`.
  @inlinable
  @discardableResult
  public consuming func timeToLive(_ seconds: Double) -> Self { scope(.timeToLive(seconds)) }

  // MARK: Decorating

  /// Calls `decorator` with every newly built instance, before anyone receives it.
  ///
  /// Kept instances are decorated once, when built, not on every resolution.
  ///
  /// ```swift
  /// var session: Factory<Session> { self { Session() }.cached.decorator { $0.start() } }
  /// ```
  @inlinable
  @discardableResult
  public consuming func decorator(_ decorator: @escaping @Sendable (Value) -> Void) -> Self {
    modified { $0.decorator = decorator } override: { $0.with(decorator: decorator) }
  }

  // MARK: Contexts

  /// Builds with `builder` when the process was launched with `argument`.
  @inlinable
  @discardableResult
  public consuming func onArg(_ argument: String, _ builder: Builder) -> Self {
    context(.argument(argument), builder)
  }

  /// Builds with `builder` when the process was launched with any of `arguments`.
  @inlinable
  @discardableResult
  public consuming func onArgs(_ arguments: [String], _ builder: Builder) -> Self {
    context(.anyArgument(arguments), builder)
  }

  /// Builds with `builder` while Xcode renders previews.
  @inlinable
  @discardableResult
  public consuming func onPreview(_ builder: Builder) -> Self { context(.preview, builder) }

  /// Builds with `builder` while the process runs tests.
  ///
  /// An override registered by a test still wins over this.
  @inlinable
  @discardableResult
  public consuming func onTest(_ builder: Builder) -> Self { context(.test, builder) }

  /// Builds with `builder` in a simulator.
  @inlinable
  @discardableResult
  public consuming func onSimulator(_ builder: Builder) -> Self { context(.simulator, builder) }

  /// Builds with `builder` on a device, not a simulator.
  @inlinable
  @discardableResult
  public consuming func onDevice(_ builder: Builder) -> Self { context(.device, builder) }

  /// Builds with `builder` in debug builds.
  @inlinable
  @discardableResult
  public consuming func onDebug(_ builder: Builder) -> Self { context(.debug, builder) }

  @inlinable
  consuming func context(_ condition: ContextCondition, _ builder: Builder) -> Self {
    let contextual = ContextualBuilder(condition: condition, builder: builder)
    return modified { $0.contexts = ($0.contexts ?? []) + [contextual] } override: {
      $0.with(contexts: $0.contexts + [contextual])
    }
  }
}

/// What ``FactoryModifying/reset(_:)`` drops.
public struct FactoryResetOptions: OptionSet, Sendable {
  /// The option bits.
  public let rawValue: Int
  /// Makes options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The override registered with `register`.
  public static let registration = FactoryResetOptions(rawValue: 1 << 0)
  /// The instance kept by the factory's scope.
  public static let scope = FactoryResetOptions(rawValue: 1 << 1)
  /// Both.
  public static let all: FactoryResetOptions = [.registration, .scope]
}
