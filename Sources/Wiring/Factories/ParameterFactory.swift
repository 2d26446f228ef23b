/// A factory that takes a parameter to build its value.
///
/// ```swift
/// extension Container {
///   var user: ParameterFactory<Int, User> { self { User(id: $0) } }
///   var avatar: ParameterFactory<String, Avatar> {
///     self { Avatar(url: $0) }.cached.scopeOnParameters
///   }
/// }
///
/// let user = Container.shared.user(42)
/// ```
///
/// Without ``scopeOnParameters`` a cached scope keeps one instance whatever the parameter.
public struct ParameterFactory<P, T>: FactoryModifying {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value from a parameter.
  public typealias Builder = @Sendable (P) -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>
  /// `P` as a `Hashable` type, once ``scopeOnParameters`` asks for one instance per parameter.
  ///
  /// Here rather than in the declaration, which every `Factory` carries too: there it would
  /// take the value past the size the compiler copies inline (see `FactoryLayoutTests`).
  @usableFromInline var parameterHashing: HashableType?

  /// Declares a parameterized factory on `container`.
  ///
  /// - Parameters:
  ///   - container: The container that stores its registrations and instances.
  ///   - key: The registration's name; defaults to the declaring property's name.
  ///   - function: The declaring code; leave the default, which tells the declaration's
  ///     modifiers from modifiers written as statements elsewhere.
  ///   - builder: How to build a value from the parameter.
  @inlinable
  public init<C: ManagedContainer>(
    _ container: C, key: StaticString = #function, function: StaticString = #function,
    _ builder: @escaping Builder
  ) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function, builder: builder)
  }

  @inlinable
  init<C: ManagedContainer>(promisedBy container: C, key: StaticString, function: StaticString) {
    registration = FactoryRegistration(
      container: container, name: key, origin: function,
      promise: { _ in preconditionFailure("Wiring: a promise's stand-in builder ran") })
  }

  /// Resolves a value for `parameter`.
  @inlinable
  public func callAsFunction(_ parameter: P) -> T { resolve(parameter) }

  /// Resolves a value for `parameter`.
  @inlinable
  public func resolve(_ parameter: P) -> T {
    withUnsafePointer(to: parameter) { address in
      guard let hashing = parameterHashing else {
        return registration.resolve(parameter: address, parameterType: P.self) { $0(parameter) }
      }
      return registration.resolve(
        parameter: address, parameterType: P.self, parameterHashing: hashing,
        parameterSlot: { Self.slot(in: $0, for: address, as: hashing.type) }
      ) { $0(parameter) }
    }
  }

  @usableFromInline
  static func slot<H: Hashable>(
    in slot: Slot, for parameter: UnsafePointer<P>, as _: H.Type
  ) -> Slot {
    // `H` is `P`: `scopeOnParameters` stores `P.self` here and nothing else.
    let key = UnsafeRawPointer(parameter).assumingMemoryBound(to: H.self).pointee
    let slots = (slot.parameterSlots as? ParameterSlots<H>) ?? ParameterSlots<H>(entry: slot.entry)
    slot.parameterSlots = slots
    return slots.slot(for: key)
  }
}

extension ParameterFactory where P: Hashable {
  /// Keeps one instance per distinct parameter value, in the factory's scope.
  @inlinable
  public var scopeOnParameters: Self {
    var copy = self
    copy.parameterHashing = HashableType(P.self)
    return copy
  }
}

/// A parameter type known to be `Hashable`, for `.scopeOnParameters`.
@usableFromInline
struct HashableType: @unchecked Sendable {
  // NB: `@unchecked` is sound because a metatype is an immutable reference to type metadata,
  // which the runtime never mutates; `any Hashable.Type` only lacks the annotation.
  @usableFromInline let type: any Hashable.Type
  @inlinable init(_ type: any Hashable.Type) { self.type = type }
}
