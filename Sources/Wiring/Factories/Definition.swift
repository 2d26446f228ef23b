/// What a factory's declaration says: how to build, the scope, the decorator and the contexts.
///
/// A plain value copied into each `Factory`; modifiers in a declaration only change fields here,
/// so evaluating the declaring property never touches the container.
@usableFromInline
struct Definition<T, Builder: Sendable>: Sendable {
  /// How to build; nil for a promised factory that the app must register.
  @usableFromInline var builder: Builder?
  @usableFromInline var scope: Scope = .unique
  @usableFromInline var decorator: (@Sendable (T) -> Void)?
  /// Context builders; nil rather than empty so a plain declaration carries no array.
  @usableFromInline var contexts: [ContextualBuilder<Builder>]?
  /// The parameter type, as a `Hashable` type, when instances are kept per parameter.
  @usableFromInline var parameterHashing: HashableType?

  @inlinable
  init(builder: Builder?) { self.builder = builder }

  /// The builder to use when nothing is registered: a matching context, else the declaration's.
  @inlinable
  var effectiveBuilder: Builder? {
    guard let contexts else { return builder }
    return ContextualBuilder.firstMatch(in: contexts) ?? builder
  }
}

/// A replacement registered with `register`, with the modifiers chained onto it.
@usableFromInline
final class Override<T, Builder: Sendable>: Sendable {
  @usableFromInline let builder: Builder
  @usableFromInline let scope: Scope?
  @usableFromInline let decorator: (@Sendable (T) -> Void)?
  @usableFromInline let contexts: [ContextualBuilder<Builder>]
  /// Whether `contexts` has any, decided where the types are known: asking the array later, in
  /// code that is generic over `Builder`, looks up its metadata on every registration.
  @usableFromInline let hasContexts: Bool

  @inlinable
  init(
    builder: Builder, scope: Scope? = nil, decorator: (@Sendable (T) -> Void)? = nil,
    contexts: [ContextualBuilder<Builder>] = []
  ) {
    self.builder = builder
    self.scope = scope
    self.decorator = decorator
    self.contexts = contexts
    hasContexts = !contexts.isEmpty
  }

  /// A copy with some fields replaced, for modifiers chained after `register`.
  @usableFromInline
  func with(
    scope: Scope?? = .none, decorator: (@Sendable (T) -> Void)?? = .none,
    contexts: [ContextualBuilder<Builder>]? = nil
  ) -> Override {
    Override(
      builder: builder, scope: scope ?? self.scope, decorator: decorator ?? self.decorator,
      contexts: contexts ?? self.contexts)
  }

  @usableFromInline
  var effectiveBuilder: Builder {
    !hasContexts ? builder : ContextualBuilder.firstMatch(in: contexts) ?? builder
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
