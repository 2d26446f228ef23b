// `@_eagerMove` for the reason given on `FactoryRegistration`: without it, the `nil` extras of a
// `.cached` declaration get a lexical lifetime of their own, and the container's retain is back.
/// The rare parts of a declaration: a decorator, contexts, a scope that does not fit
/// `DeclarationTraits`, or a declaration site other than the key's name.
///
/// Shared by copies of the declaration and never changed: a modifier makes a new one.
@usableFromInline
@_eagerMove
final class DeclarationExtras<T, Builder>: @unchecked Sendable {
  // NB: `@unchecked` only because the builders and the decorator need not be `Sendable`, for
  // the reason given on `FactoryRegistration`; every property is a constant.
  @usableFromInline let decorator: ((T, Bool) -> Void)?
  @usableFromInline let contexts: [ContextualBuilder<Builder>]?
  /// Where the factory was declared, when that is not its key's name.
  @usableFromInline let origin: DeclarationSite?
  /// A scope that does not fit `DeclarationTraits`: a time to live, or a custom scope past 32,767.
  @usableFromInline let scope: Scope?
  /// Whether the declaration ends with `.once()`: its contexts, once reset, stay reset.
  @usableFromInline let isOnce: Bool

  @inlinable
  init(_ fields: Fields) {
    decorator = fields.decorator
    contexts = fields.contexts
    origin = fields.origin
    scope = fields.scope
    isOnce = fields.isOnce
  }

  /// `extras` with `change` applied, or nil when nothing is left.
  @inlinable
  static func replacing(
    _ extras: DeclarationExtras?, _ change: (inout Fields) -> Void
  ) -> DeclarationExtras? {
    var fields = Fields(
      decorator: extras?.decorator, contexts: extras?.contexts, origin: extras?.origin,
      scope: extras?.scope, isOnce: extras?.isOnce ?? false)
    change(&fields)
    if fields.decorator == nil, fields.contexts == nil, fields.origin == nil,
      fields.scope == nil, !fields.isOnce
    {
      return nil
    }
    return DeclarationExtras(fields)
  }

  @usableFromInline
  struct Fields {
    @usableFromInline var decorator: ((T, Bool) -> Void)?
    @usableFromInline var contexts: [ContextualBuilder<Builder>]?
    @usableFromInline var origin: DeclarationSite?
    @usableFromInline var scope: Scope?
    @usableFromInline var isOnce: Bool

    @inlinable
    init(
      decorator: ((T, Bool) -> Void)? = nil, contexts: [ContextualBuilder<Builder>]? = nil,
      origin: DeclarationSite? = nil, scope: Scope? = nil, isOnce: Bool = false
    ) {
      self.decorator = decorator
      self.contexts = contexts
      self.origin = origin
      self.scope = scope
      self.isOnce = isOnce
    }
  }
}
