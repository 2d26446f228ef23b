// What a factory's declaration says: how to build, the scope, the decorator and the contexts.
//
// These are stored in `FactoryRegistration` itself, flat (see there for why), and read and changed
// through the properties below; modifiers in a declaration only change them, so evaluating the
// declaring property never touches the container.
extension FactoryRegistration {
  @usableFromInline typealias Extras = DeclarationExtras<Value, Builder>

  /// How to build; nil for a promised factory that the app must register.
  @inlinable
  var builder: Builder? {
    @inline(__always) get { packed.isPromise ? nil : declaredBuilder }
  }

  @inlinable
  var decorator: (@Sendable (Value) -> Void)? {
    get { extras?.decorator }
    set { extras = Extras.replacing(extras) { $0.decorator = newValue } }
  }

  /// Context builders; nil rather than empty so a plain declaration carries no array.
  @inlinable
  var contexts: [ContextualBuilder<Builder>]? {
    get { extras?.contexts }
    set { extras = Extras.replacing(extras) { $0.contexts = newValue } }
  }

  /// The declared scope; nil when the declaration names none, and the container's
  /// `defaultScope`, else `.unique`, applies.
  @inlinable
  var scope: Scope? {
    get {
      let code = packed.scopeCode
      return code == PackedDeclaration.scopeInExtras ? extras?.scope : Scope(packedCode: code)
    }
    @inline(__always) set { self = scoped(newValue) }
  }

  /// This registration with `scope` declared, or, for an override's value, the override
  /// changed to `scope`.
  @inlinable
  @inline(__always)
  func declaring(_ scope: Scope) -> Self {
    if isOverride {
      updateOverride { $0.with(scope: scope) }
      return self
    }
    return scoped(scope)
  }

  /// This registration with `newScope` as the declared scope.
  ///
  /// A declaration's `.cached`, `.singleton`, … lands here on every resolution: the common case
  /// is one store, and the value never goes through memory, so the optimizer keeps it in
  /// registers (see `FactoryRegistration`).
  @inlinable
  @inline(__always)
  func scoped(_ newScope: Scope?) -> Self {
    // The extras hold a scope only when `packed` says so; otherwise they pass through as they
    // are, which leaves the optimizer nothing to look at in them.
    if packed.scopeCode != PackedDeclaration.scopeInExtras,
      let code = newScope == nil ? 0 : newScope?.packedCode
    {
      return Self(copying: self, packed: packed.withScopeCode(code), extras: extras)
    }
    return rescoped(newScope)
  }

  /// This registration after `.scope(scope)` written in `function`: in the declaration, with
  /// `scope` declared; anywhere else, also with the container's factory changed to `scope`.
  ///
  /// Which of the two is known only when the program runs, so the branch changes nothing but
  /// the packed word, and the value is made once after it: two values meeting there would keep
  /// the container's copy (see `FactoryRegistration`). A scope that does not fit the packed word
  /// takes the general way.
  @inlinable
  @inline(__always)
  func scoping(_ scope: Scope, in function: StaticString) -> Self {
    guard packed.scopeCode != PackedDeclaration.scopeInExtras, let code = scope.packedCode else {
      return scopingInGeneral(scope, in: function)
    }
    let packed =
      isOverride || !origin.matches(function)
      ? packedAfterStatement(scope, code: code, in: function) : packed.withScopeCode(code)
    return Self(copying: self, packed: packed, extras: extras)
  }

  /// The packed word after `.scope(scope)` outside the declaration, or on the value `register`
  /// returned, with the container's factory changed as `FactoryModifying.modified` does.
  @inlinable
  @inline(never)
  func packedAfterStatement(
    _ scope: Scope, code: UInt64, in function: StaticString
  ) -> PackedDeclaration {
    if isOverride {
      updateOverride { $0.with(scope: scope) }
      return packed
    }
    amend { $0.with(scope: scope) }
    var changed = packed.withScopeCode(code)
    changed.isOverride = true
    return changed
  }

  /// `scoping(_:in:)` for any scope and any declaration.
  @inlinable
  @inline(never)
  func scopingInGeneral(_ scope: Scope, in function: StaticString) -> Self {
    if isOverride {
      updateOverride { $0.with(scope: scope) }
      return self
    }
    var changed = self
    if !origin.matches(function) {
      amend { $0.with(scope: scope) }
      changed.isOverride = true
    }
    return changed.scoped(scope)
  }

  /// This registration with `newScope` as the scope, when the old or the new scope lives in the
  /// extras.
  @inlinable
  @inline(never)
  func rescoped(_ newScope: Scope?) -> Self {
    guard let newScope else {
      return Self(
        copying: self, packed: packed.withScopeCode(0),
        extras: Extras.replacing(extras) { $0.scope = nil })
    }
    if let code = newScope.packedCode {
      return Self(
        copying: self, packed: packed.withScopeCode(code),
        extras: Extras.replacing(extras) { $0.scope = nil })
    }
    return Self(
      copying: self, packed: packed.withScopeCode(PackedDeclaration.scopeInExtras),
      extras: Extras.replacing(extras) { $0.scope = newScope })
  }

  /// The declared scope as the lock-free path sees it: a container with a default scope never
  /// resolves lock-free, so an undeclared scope is `.unique` there.
  @inlinable
  var declaredScope: DeclaredScope {
    @inline(__always) get {
      let code = packed.scopeCode
      if code == PackedDeclaration.scopeInExtras { return (extras?.scope ?? .unique).declared }
      return Scope.declared(packedCode: code)
    }
  }

  /// Whether the declaration is its builder alone: not a promise, with no decorator, contexts
  /// or other extras.
  @inlinable
  var isPlain: Bool { @inline(__always) get { extras == nil && !packed.isPromise } }

  /// The builder to use when nothing is registered: a matching context, else the declaration's.
  @inlinable
  var effectiveBuilder: Builder? {
    @inline(__always) get {
      guard let contexts = extras?.contexts else { return builder }
      return ContextualBuilder.firstMatch(in: contexts) ?? builder
    }
  }

  /// The builder to use under `override`, the slot's override or amendment, if any.
  @inlinable
  func builder(under override: Override<Value, Builder>?) -> Builder? {
    guard let override else { return effectiveBuilder }
    return override.effectiveBuilder(over: self)
  }
}

/// The rare parts of a declaration: a decorator, contexts, a scope that does not fit
/// `PackedDeclaration`, or a declaration site other than the key's name.
///
/// Shared by copies of the declaration and never changed: a modifier makes a new one.
// `@_eagerMove` for the reason given on `FactoryRegistration`: without it, the `nil` extras of a
// `.cached` declaration get a lexical lifetime of their own, and the container's retain is back.
@usableFromInline
@_eagerMove
final class DeclarationExtras<T, Builder: Sendable>: Sendable {
  @usableFromInline let decorator: (@Sendable (T) -> Void)?
  @usableFromInline let contexts: [ContextualBuilder<Builder>]?
  /// Where the factory was declared, when that is not its key's name.
  @usableFromInline let origin: DeclarationSite?
  /// A scope that does not fit `PackedDeclaration`: a time to live, or a custom scope past 65,535.
  @usableFromInline let scope: Scope?

  @inlinable
  init(_ fields: Fields) {
    decorator = fields.decorator
    contexts = fields.contexts
    origin = fields.origin
    scope = fields.scope
  }

  /// `extras` with `change` applied, or nil when nothing is left.
  @inlinable
  static func replacing(
    _ extras: DeclarationExtras?, _ change: (inout Fields) -> Void
  ) -> DeclarationExtras? {
    var fields = Fields(
      decorator: extras?.decorator, contexts: extras?.contexts, origin: extras?.origin,
      scope: extras?.scope)
    change(&fields)
    if fields.decorator == nil, fields.contexts == nil, fields.origin == nil,
      fields.scope == nil
    {
      return nil
    }
    return DeclarationExtras(fields)
  }

  @usableFromInline
  struct Fields {
    @usableFromInline var decorator: (@Sendable (T) -> Void)?
    @usableFromInline var contexts: [ContextualBuilder<Builder>]?
    @usableFromInline var origin: DeclarationSite?
    @usableFromInline var scope: Scope?

    @inlinable
    init(
      decorator: (@Sendable (T) -> Void)? = nil, contexts: [ContextualBuilder<Builder>]? = nil,
      origin: DeclarationSite? = nil, scope: Scope? = nil
    ) {
      self.decorator = decorator
      self.contexts = contexts
      self.origin = origin
      self.scope = scope
    }
  }
}

/// What the container reads of an override without knowing its types, so that its slot keeps
/// one reference and no copies of these fields.
@usableFromInline
class AnyOverride: @unchecked Sendable {
  // NB: `@unchecked` because the class is not final; it is sound because every stored property,
  // here and in `Override`, its only subclass, is a constant of a `Sendable` type.
  @usableFromInline let scope: Scope?
  /// Whether it has context builders, decided where the types are known: asking the array
  /// later, in code that is generic over `Builder`, looks up its metadata on every registration.
  @usableFromInline let hasContexts: Bool
  /// Whether it has a decorator, which a later registration keeps.
  let hasDecorator: Bool
  /// Whether it replaces how the factory builds, rather than only amending the declaration.
  let isReplacement: Bool
  /// How a lock-free resolution treats it, read from its published address.
  let rule: Publication.Rule

  @usableFromInline
  init(scope: Scope?, hasContexts: Bool, hasDecorator: Bool, isReplacement: Bool) {
    self.scope = scope
    self.hasContexts = hasContexts
    self.hasDecorator = hasDecorator
    self.isReplacement = isReplacement
    rule = Publication.Rule(overrideScope: scope, hasContexts: hasContexts)
  }

  /// The override without its context builders; nil when nothing else is left of it.
  func withoutContexts() -> AnyOverride? {
    preconditionFailure("Wiring: AnyOverride is abstract")
  }
}

/// What a container stores for one factory beyond its declaration: a replacement registered
/// with `register` and the modifiers chained onto it, or, with no builder, an amendment made by
/// modifiers written as statements (`Container.shared.api.onTest { StubAPI() }`).
@usableFromInline
final class Override<T, Builder: Sendable>: AnyOverride, @unchecked Sendable {
  // NB: `@unchecked` for the reason given on `AnyOverride`: all constants of `Sendable` types.
  /// The replacement; nil for an amendment, which builds as the declaration does.
  @usableFromInline let builder: Builder?
  /// The decorator and context builders, apart because few overrides have them.
  @usableFromInline let modifiers: Modifiers?

  @inlinable
  var decorator: (@Sendable (T) -> Void)? { modifiers?.decorator }

  @inlinable
  var contexts: [ContextualBuilder<Builder>] { modifiers?.contexts ?? [] }

  @inlinable
  init(
    builder: Builder?, scope: Scope? = nil, decorator: (@Sendable (T) -> Void)? = nil,
    contexts: [ContextualBuilder<Builder>] = []
  ) {
    self.builder = builder
    modifiers =
      decorator == nil && contexts.isEmpty
      ? nil : Modifiers(decorator: decorator, contexts: contexts)
    super.init(
      scope: scope, hasContexts: !contexts.isEmpty, hasDecorator: decorator != nil,
      isReplacement: builder != nil)
  }

  override func withoutContexts() -> AnyOverride? {
    let stripped = with(contexts: [])
    return stripped.isEmpty ? nil : stripped
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

  /// Whether it holds nothing: an amendment whose modifiers were all reset.
  var isEmpty: Bool {
    builder == nil && scope == nil && decorator == nil && !hasContexts
  }

  /// An override's decorator and context builders.
  @usableFromInline
  final class Modifiers: Sendable {
    @usableFromInline let decorator: (@Sendable (T) -> Void)?
    @usableFromInline let contexts: [ContextualBuilder<Builder>]

    @inlinable
    init(decorator: (@Sendable (T) -> Void)?, contexts: [ContextualBuilder<Builder>]) {
      self.decorator = decorator
      self.contexts = contexts
    }
  }

  /// The builder to use for `definition`'s factory.
  ///
  /// A replacement beats the declaration and its contexts; its own contexts beat it. An
  /// amendment's contexts join the declaration's, winning over a context of the same kind.
  @usableFromInline
  func effectiveBuilder(over declaration: FactoryRegistration<T, Builder>) -> Builder? {
    guard let builder else {
      guard hasContexts else { return declaration.effectiveBuilder }
      return ContextualBuilder.firstMatch(in: contexts + (declaration.contexts ?? []))
        ?? declaration.builder
    }
    return !hasContexts ? builder : ContextualBuilder.firstMatch(in: contexts) ?? builder
  }
}
