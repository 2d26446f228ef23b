/// What a container stores for one factory beyond its declaration, without its types: a
/// replacement registered with `register` and the modifiers chained onto it, or, with no builder
/// of its own, an amendment made by modifiers written as statements
/// (`Container.shared.api.onTest { StubAPI() }`).
///
/// One class for every factory, holding the builder as its two words: a generic class would
/// make its metadata for each factory's types at the first registration, about 12,500
/// instructions a type in an optimized app (Docs/Performance.md, "Start-up"). Code that knows
/// the types reads it through `Amendment<T, Builder>`.
@usableFromInline
final class AnyAmendment: @unchecked Sendable {
  // NB: `@unchecked` because the builder, decorator and context builders need not be
  // `Sendable`, for the reason given on `FactoryRegistration`; every stored property is a
  // constant.
  //
  // Why two words hold the builder: a Swift closure (two words, and its metadata's kind word
  // 0x302, "function", in the stable ABI) is a function pointer and a context that is nil or a
  // native Swift object, so holding the context as `AnyObject?` retains and releases it as the
  // closure would. The words are read back only as `builderType`, the type they were made
  // from, which readers check first. Any other builder is kept in a `Box`, with 0 for the
  // function (`init(boxing:builderType:)`).
  @usableFromInline let builderFunction: UInt
  @usableFromInline let builderContext: AnyObject?
  /// The builder's type, as `identity(of:building:)` gives it: two factories of one container
  /// and value type can share a name with different builders.
  @usableFromInline let builderType: UInt
  // NB: the scope before the flags, which fill its last word: declared in this order, the
  // object is 64 bytes rather than 72.
  let scope: Scope?
  /// Whether it replaces how the factory builds; an amendment's builder is the declaration's,
  /// never called from here.
  @usableFromInline let isReplacement: Bool
  /// Whether `register` made it: a `.singleton` it builds is kept in the container, also once
  /// `reset(.registration)` removed the builder, while the slot keeps what the registration
  /// built. An amendment made only by statements keeps a `.singleton` process-wide.
  let isRegistered: Bool
  /// Whether it has a decorator. A later registration keeps it, and it sees every resolution,
  /// so a kept instance is taken under the lock, which passes the override on.
  @usableFromInline let hasDecorator: Bool
  /// Whether it has context builders.
  let hasContexts: Bool
  /// Whether the contexts of a declaration that says `.once()` were reset with
  /// `reset(.context)`, and so no longer apply, as in Factory, until everything is reset.
  let dropsDeclaredContexts: Bool
  /// Where its instances are kept when it has a scope of its own; read by lock-free
  /// resolutions from its published address. A `.singleton` is kept in the container only when
  /// it replaces the builder.
  let keeping: Keeping?
  /// The decorator and context builders, apart because few overrides have them.
  let modifiers: Modifiers?

  /// A replacement with nothing else, from its builder's words; or, with `replaces` false and
  /// no words, an amendment with nothing yet, for modifiers written as statements.
  @usableFromInline
  init(builderType: UInt, function: UInt, context: AnyObject?, replaces: Bool = true) {
    self.builderType = builderType
    builderFunction = function
    builderContext = context
    isReplacement = replaces
    isRegistered = replaces
    hasDecorator = false
    hasContexts = false
    dropsDeclaredContexts = false
    scope = nil
    keeping = nil
    modifiers = nil
  }

  private init(
    copying builder: AnyAmendment, replaces: Bool, registered: Bool, scope: Scope?,
    modifiers: Modifiers?, dropsDeclaredContexts: Bool
  ) {
    builderType = builder.builderType
    // An amendment builds with the declaration's builder, which it never holds: that builder
    // usually captures the container (`self { Service(api: self.api()) }`), which would then
    // hold itself through its slot and never be freed. Nor does it keep a builder that a reset
    // of the registration removed.
    builderFunction = replaces ? builder.builderFunction : 0
    builderContext = replaces ? builder.builderContext : nil
    isReplacement = replaces
    isRegistered = registered
    self.scope = scope
    self.modifiers = modifiers
    self.dropsDeclaredContexts = dropsDeclaredContexts
    hasContexts = modifiers?.contexts != nil
    hasDecorator = modifiers?.decorator != nil
    if let scope { keeping = Keeping(scope, overridden: registered) } else { keeping = nil }
  }

  /// A replacement with nothing else, as `register` makes: what tests do most.
  ///
  /// A plain `() -> Value` builder is known to be a closure without reading its metadata, so an
  /// optimized registration neither makes that metadata nor carries the boxing branch.
  @inlinable
  convenience init<Value, Builder>(replacingWith builder: Builder, building _: Value.Type) {
    let type = AnyAmendment.identity(of: Builder.self, building: Value.self)
    if type == 1  // `() -> Value`
      || (MemoryLayout<Builder>.size == MemoryLayout<(UInt, AnyObject?)>.size
        && unsafeBitCast(Builder.self as Any.Type, to: UnsafePointer<UInt>.self).pointee == 0x302)
    {
      let (function, context) = unsafeBitCast(builder, to: (UInt, AnyObject?).self)
      self.init(builderType: type, function: function, context: context)
    } else {
      self.init(boxing: builder, builderType: type)
    }
  }

  /// A replacement whose builder is not a Swift closure, kept in a `Box`; out of line, since
  /// only a custom `FactoryModifying` type can declare such a builder.
  @usableFromInline
  convenience init<Builder>(boxing builder: Builder, builderType: UInt) {
    self.init(builderType: builderType, function: 0, context: Box(builder))
  }

  /// What `builderType` holds for a `Builder` of factories of `Value`: 1 for `() -> Value`,
  /// else the type's address (no type's metadata lives at address 1).
  ///
  /// The comparison folds away in optimized code, so the commonest builder's type, a function
  /// type whose metadata the runtime makes from its mangled name (about 4,900 instructions the
  /// first time in a process), is never made. Two builder types get the same identity exactly
  /// when they are the same type.
  @inlinable
  @inline(__always)
  static func identity<Value, Builder>(of _: Builder.Type, building _: Value.Type) -> UInt {
    if Builder.self == (() -> Value).self { return 1 }
    return UInt(bitPattern: ObjectIdentifier(Builder.self))
  }

  /// The builder, which the caller has checked is a `Builder` (`builderType`) of a replacement
  /// (`isReplacement`): an amendment holds none.
  @inlinable
  func builder<Builder>(as _: Builder.Type = Builder.self) -> Builder {
    guard builderFunction != 0 else {
      return unsafeDowncast(builderContext.unsafelyUnwrapped, to: Box<Builder>.self).value
    }
    return unsafeBitCast((builderFunction, builderContext), to: Builder.self)
  }

  /// A copy with some fields replaced; a new builder must be of `builderType`. Unless told,
  /// it is registered when it replaces the builder, and else as this one is.
  func with(
    replaces: Bool? = nil, registered: Bool? = nil, builderOf other: AnyAmendment? = nil,
    scope: Scope?? = .none, modifiers: Modifiers?? = .none, dropsDeclaredContexts: Bool? = nil
  ) -> AnyAmendment {
    AnyAmendment(
      copying: other ?? self, replaces: replaces ?? isReplacement,
      registered: registered ?? replaces ?? isRegistered, scope: scope ?? self.scope,
      modifiers: modifiers ?? self.modifiers,
      dropsDeclaredContexts: dropsDeclaredContexts ?? self.dropsDeclaredContexts)
  }

  /// The override without its context builders.
  func withoutContexts() -> AnyAmendment {
    with(modifiers: Modifiers(decorator: modifiers?.decorator, contexts: nil))
  }

  /// The override without its replacement builder, keeping its scope, decorator and contexts
  /// as Factory keeps them, and still registered for what the registration built.
  func withoutReplacement() -> AnyAmendment {
    with(replaces: false, registered: isRegistered)
  }

  /// Whether it holds more than a builder: a scope, a decorator or contexts, or it stops a
  /// `.once()` declaration's contexts. A registration keeps all of that, as in Factory.
  var hasModifiers: Bool {
    scope != nil || hasDecorator || hasContexts || dropsDeclaredContexts
  }

  /// Whether it holds nothing, no builder and no modifiers: the slot drops such an override
  /// (`Slot.reset`).
  var isEmpty: Bool { !isReplacement && !hasModifiers }

  /// An override's decorator, a `Box<(T, Bool) -> Void>`, and context builders, a
  /// `Box<[ContextualBuilder<Builder>]>`.
  final class Modifiers {
    let decorator: AnyObject?
    let contexts: AnyObject?

    /// Modifiers with `decorator` and `contexts`, or nil when both are missing.
    init?(decorator: AnyObject?, contexts: AnyObject?) {
      guard decorator != nil || contexts != nil else { return nil }
      self.decorator = decorator
      self.contexts = contexts
    }
  }
}

/// An override of one factory, seen with its types: `AnyAmendment` for code that knows the
/// value and builder types.
@usableFromInline
struct Amendment<T, Builder> {
  @usableFromInline let stored: AnyAmendment

  /// An amendment of the declaration, with no builder of its own, for modifiers written as
  /// statements.
  init() {
    stored = AnyAmendment(
      builderType: AnyAmendment.identity(of: Builder.self, building: T.self), function: 0,
      context: nil, replaces: false)
  }

  /// `stored` seen as an amendment of these types, or nil when it has another builder type.
  @inlinable
  init?(_ stored: AnyAmendment) {
    guard stored.builderType == AnyAmendment.identity(of: Builder.self, building: T.self) else {
      return nil
    }
    self.stored = stored
  }

  private init(checked stored: AnyAmendment) { self.stored = stored }

  var scope: Scope? { stored.scope }
  var hasContexts: Bool { stored.hasContexts }
  var isReplacement: Bool { stored.isReplacement }

  /// The replacement, or for an amendment the declaration's builder.
  var builder: Builder { stored.builder() }

  /// The override's decorator. Not inlined: few overrides have one, and callers ask
  /// `hasDecorator` first where it matters.
  @usableFromInline
  var decorator: ((T, Bool) -> Void)? {
    guard let boxed = stored.modifiers?.decorator else { return nil }
    return unsafeDowncast(boxed, to: Box<(T, Bool) -> Void>.self).value
  }

  @usableFromInline
  var contexts: [ContextualBuilder<Builder>] {
    guard let boxed = stored.modifiers?.contexts else { return [] }
    return unsafeDowncast(boxed, to: Box<[ContextualBuilder<Builder>]>.self).value
  }

  /// A copy with the fields given replaced, for modifiers chained after `register` or written
  /// as statements; what is not given stays, and so does a time to live under a new scope that
  /// sets none, as in Factory. With `timeToLive`, the scope becomes the stored one, else
  /// `scope`, with that time to live (`Scope.living(for:over:)`).
  ///
  /// The decorator and contexts are boxed here and never unboxed to be copied, so that this
  /// file holds no copy of an optional closure: in a debug build the linker would take its
  /// outlined copy from here for every resolution that copies one.
  @usableFromInline
  func with(
    scope: Scope? = nil, timeToLive: Double? = nil, decorator: ((T, Bool) -> Void)? = nil,
    contexts: [ContextualBuilder<Builder>]? = nil, dropsDeclaredContexts: Bool? = nil
  ) -> Amendment {
    if let timeToLive {
      let lived = Scope.living(for: timeToLive, over: stored.scope ?? scope)
      return Amendment(checked: stored.with(scope: .some(lived)))
    }
    var modifiers: AnyAmendment.Modifiers?? = .none
    if decorator != nil || contexts != nil {
      var boxedDecorator = stored.modifiers?.decorator
      if let decorator { boxedDecorator = Box(decorator) }
      var boxedContexts = stored.modifiers?.contexts
      if let contexts { boxedContexts = contexts.isEmpty ? nil : Box(contexts) }
      modifiers = AnyAmendment.Modifiers(decorator: boxedDecorator, contexts: boxedContexts)
    }
    return Amendment(
      checked: stored.with(
        scope: scope.map { .some($0.keepingLifetime(of: stored.scope)) } ?? .none,
        modifiers: modifiers,
        dropsDeclaredContexts: dropsDeclaredContexts))
  }

  /// The builder to use for `declaration`'s factory; `source` says where it comes from (nil,
  /// with the declaration's stand-in, for a promise that nothing fulfils).
  ///
  /// As in Factory, a context that holds beats a replacement, and a replacement beats the
  /// declaration's builder; a `.once()` declaration's contexts stop counting once reset. The
  /// override's contexts, chained onto it or written as statements, join the declaration's,
  /// winning over a context of the same kind.
  @usableFromInline
  func chosenBuilder(
    over declaration: FactoryRegistration<T, Builder>, source: inout TraceSource?
  ) -> Builder {
    let dropsDeclared = stored.dropsDeclaredContexts && declaration.isOnce
    if !hasContexts && !dropsDeclared {
      let declared = declaration.chosenBuilder(source: &source)
      guard isReplacement, source != .context else { return declared }
      source = .registration
      return builder
    }
    let declaredContexts = dropsDeclared ? [] : declaration.contexts ?? []
    var matched = false
    let match = ContextualBuilder.firstMatch(
      in: contexts + declaredContexts, otherwise: declaration.declaredBuilder, matched: &matched)
    if matched {
      source = .context
      return match
    }
    if isReplacement {
      source = .registration
      return builder
    }
    source = declaration.traits[.promise] ? nil : .declaration
    return declaration.declaredBuilder
  }
}
