/// What the container reads of an override without knowing its types, so that its slot keeps
/// one reference and no copies of these fields.
@usableFromInline
class AnyAmendment: @unchecked Sendable {
  // NB: `@unchecked` because the class is not final; it is sound because every stored property,
  // here and in `Amendment`, its only subclass, is a constant.
  let scope: Scope?
  /// Whether it has context builders, decided where the types are known: asking the array
  /// later, in code that is generic over `Builder`, looks up its metadata on every registration.
  let hasContexts: Bool
  /// Whether it has a decorator, which a later registration keeps, and which sees every
  /// resolution, so a kept instance is taken under the lock, which passes the override on.
  @usableFromInline let hasDecorator: Bool
  /// Whether it replaces how the factory builds, rather than only amending the declaration.
  @usableFromInline let isReplacement: Bool
  /// Where its instances are kept when it has a scope of its own; read by lock-free
  /// resolutions from its published address.
  let keeping: Keeping?

  @usableFromInline
  init(scope: Scope?, hasContexts: Bool, hasDecorator: Bool, isReplacement: Bool) {
    self.scope = scope
    self.hasContexts = hasContexts
    self.hasDecorator = hasDecorator
    self.isReplacement = isReplacement
    if let scope { keeping = Keeping(scope, overridden: true) } else { keeping = nil }
  }

  /// The override without its context builders.
  func withoutContexts() -> AnyAmendment {
    preconditionFailure("Wiring: AnyOverride is abstract")
  }

  /// The override without its replacement builder, keeping its scope, decorator and contexts
  /// as Factory keeps them.
  func withoutReplacement() -> AnyAmendment {
    preconditionFailure("Wiring: AnyOverride is abstract")
  }

  /// Whether it holds nothing: no builder, scope, decorator or contexts, and stops no declared
  /// contexts. The slot drops such an override (`Slot.reset`).
  var isEmpty: Bool {
    preconditionFailure("Wiring: AnyOverride is abstract")
  }
}

/// What a container stores for one factory beyond its declaration: a replacement registered
/// with `register` and the modifiers chained onto it, or, with no builder, an amendment made by
/// modifiers written as statements (`Container.shared.api.onTest { StubAPI() }`).
@usableFromInline
final class Amendment<T, Builder>: AnyAmendment, @unchecked Sendable {
  // NB: `@unchecked` for the reason given on `AnyAmendment`: all constants. The builder and the
  // decorator need not be `Sendable`, for the reason given on `FactoryRegistration`.
  /// The replacement; for an amendment, which builds as the declaration does, the
  /// declaration's builder, never called from here.
  ///
  /// Not optional: in code that is not specialized, as in a debug build, each optional of a
  /// generic type is a metadata lookup when the override is made, read and freed.
  @usableFromInline let builder: Builder
  /// Whether the contexts of a declaration that says `.once()` were reset with
  /// `reset(.context)`, and so no longer apply, as in Factory, until everything is reset.
  @usableFromInline let dropsDeclaredContexts: Bool
  /// The decorator and context builders, apart because few overrides have them.
  @usableFromInline let modifiers: Modifiers?

  @inlinable
  var decorator: ((T, Bool) -> Void)? { modifiers?.decorator }

  @inlinable
  var contexts: [ContextualBuilder<Builder>] { modifiers?.contexts ?? [] }

  init(
    builder: Builder, replaces: Bool, scope: Scope? = nil, decorator: ((T, Bool) -> Void)? = nil,
    contexts: [ContextualBuilder<Builder>] = [], dropsDeclaredContexts: Bool = false
  ) {
    self.builder = builder
    self.dropsDeclaredContexts = dropsDeclaredContexts
    modifiers =
      decorator == nil && contexts.isEmpty
      ? nil : Modifiers(decorator: decorator, contexts: contexts)
    super.init(
      scope: scope, hasContexts: !contexts.isEmpty, hasDecorator: decorator != nil,
      isReplacement: replaces)
  }

  /// A replacement with nothing else, as `register` makes: what tests do most, so it touches
  /// none of the generic fields it leaves empty (in a debug build, each is a metadata lookup).
  @inlinable
  init(replacingWith builder: Builder) {
    self.builder = builder
    dropsDeclaredContexts = false
    modifiers = nil
    super.init(scope: nil, hasContexts: false, hasDecorator: false, isReplacement: true)
  }

  override func withoutContexts() -> AnyAmendment {
    with(contexts: [])
  }

  override func withoutReplacement() -> AnyAmendment {
    Amendment(
      builder: builder, replaces: false, scope: scope, decorator: decorator, contexts: contexts,
      dropsDeclaredContexts: dropsDeclaredContexts)
  }

  /// A copy with some fields replaced, for modifiers chained after `register`.
  @usableFromInline
  func with(
    scope: Scope?? = .none, decorator: ((T, Bool) -> Void)?? = .none,
    contexts: [ContextualBuilder<Builder>]? = nil, dropsDeclaredContexts: Bool? = nil
  ) -> Amendment {
    Amendment(
      builder: builder, replaces: isReplacement, scope: scope ?? self.scope,
      decorator: decorator ?? self.decorator,
      contexts: contexts ?? self.contexts,
      dropsDeclaredContexts: dropsDeclaredContexts ?? self.dropsDeclaredContexts)
  }

  override var isEmpty: Bool {
    !isReplacement && scope == nil && decorator == nil && !hasContexts && !dropsDeclaredContexts
  }

  /// An override's decorator and context builders.
  @usableFromInline
  final class Modifiers: @unchecked Sendable {
    // NB: `@unchecked` only because the decorator and builders need not be `Sendable`, for the
    // reason given on `FactoryRegistration`; both properties are constants.
    @usableFromInline let decorator: ((T, Bool) -> Void)?
    @usableFromInline let contexts: [ContextualBuilder<Builder>]

    init(decorator: ((T, Bool) -> Void)?, contexts: [ContextualBuilder<Builder>]) {
      self.decorator = decorator
      self.contexts = contexts
    }
  }

  /// The builder to use for `declaration`'s factory, and whether it is the declaration's own.
  ///
  /// As in Factory, a context that holds beats a replacement, and a replacement beats the
  /// declaration's builder; a `.once()` declaration's contexts stop counting once reset. The
  /// override's contexts, chained onto it or written as statements, join the declaration's,
  /// winning over a context of the same kind.
  @usableFromInline
  func chosenBuilder(
    over declaration: FactoryRegistration<T, Builder>
  ) -> (builder: Builder, isDeclared: Bool)? {
    let dropsDeclared = dropsDeclaredContexts && declaration.isOnce
    if !hasContexts && !dropsDeclared {
      guard isReplacement else { return declaration.chosenBuilder }
      return (declaration.contextualBuilder ?? builder, false)
    }
    let declaredContexts = dropsDeclared ? [] : declaration.contexts ?? []
    if let match = ContextualBuilder.firstMatch(in: contexts + declaredContexts) {
      return (match, false)
    }
    if isReplacement { return (builder, false) }
    return declaration.builder.map { ($0, true) }
  }
}
