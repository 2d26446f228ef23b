// Every resolution builds a `FactoryRegistration` in the declaring property and drops it when
// the resolution returns, so its shape decides what a resolution costs. The optimizer drops the
// value's copy of the container, and with it a retain and a release that every thread resolving
// from the container writes, only when all of these hold (each found by taking it away):
//
// - At most eight words: a ninth puts the value in memory.
// - One flat struct: a nested struct with a closure or an object in it kept the copy.
// - No stored optional closure: the builder is always there, and a promise is a bit of `traits`.
// - `@_eagerMove`: without it, every value and field gets a lexical lifetime, which pins the copy
//   to the end of the expression. It is sound because a registration has no deinitializer:
//   ending its lifetime early only lets its container go after the registration's last use
//   rather than at the end of the enclosing scope, which only a weak reference to the container
//   could notice, and never while the registration is in use.
// - The resolution itself is out of line (`resolve(parameter:…)`): inlined, its loops and
//   branches hide the pairing of the copy with its release.
// - Scope changes build a new value from values (the scoping functions below): a value that
//   goes through memory, or two whole values that meet after a branch, keep the copy. (A
//   decorator or contexts keep it anyway; see `FactoryModifying.modified(in:_:amendment:)`.)
//
// `FactoryLayoutTests` pins the size, `ContainerRetainTests` the missing retain; measurements
// are in Docs/Performance.md.
/// The container, key and declaration behind one factory value.
///
/// You rarely touch it: it is what ``FactoryModifying`` modifiers change.
@_eagerMove
public struct FactoryRegistration<Value, Builder>: @unchecked Sendable {
  // NB: `@unchecked` because `Builder`, like Factory's, need not be `Sendable`: a builder keeps
  // the isolation of the code that wrote it and may capture what that code owns. Every stored
  // property but `traits` and `rareModifiers` is a constant, and only the value's owner changes
  // those two; the container never calls a builder while holding a lock, or from two threads at
  // once for one kept instance (single flight). What a builder captures is the app's to keep
  // safe, as in Factory; a main-actor builder is checked before it runs
  // (`DeclarationTraits.Flag.builtOnMainActor`). Docs/Concurrency.md says what each side takes on.
  @usableFromInline let container: any ManagedContainer
  /// `Container`'s manager, unretained, so that resolving neither calls through the protocol
  /// nor retains it; nil for other containers.
  ///
  /// Sound because `container` keeps the container alive as long as this value, and
  /// `Container.manager` is a constant of a final class. Other containers' `manager` is read
  /// through the protocol, since Wiring cannot prove that it always returns the same object.
  @usableFromInline let unretainedManager: Unmanaged<ContainerManager>?
  /// The first word of the key's name, a `StaticString`: its address, or its one scalar; its
  /// length and flags are in `traits`.
  @usableFromInline let nameStart: UInt
  /// The key name's length and flags, the declaration's flags, and its scope when it fits: see
  /// `DeclarationTraits`.
  @usableFromInline var traits: DeclarationTraits
  /// The rare parts of the declaration, a `RareModifiers<Value, Builder>`; nil for most.
  ///
  /// Held as the class's non-generic base: unspecialized, as in a debug build, the
  /// registration's metadata needs its fields' metadata, and an optional of the generic class
  /// made two more types for every factory (about 6,500 instructions a type).
  @usableFromInline var rareModifiers: Optional<AnyRareModifiers>
  /// How to build; for a promised factory, a stand-in that is never called.
  ///
  /// Not optional (see the list above the type). Stored last: unspecialized code then finds
  /// every other field at an offset it knows, without the registration's metadata.
  @usableFromInline let declaredBuilder: Builder

  /// A registration for a factory declared with `builder`; `onMainActor` when the declaring
  /// code was on the main actor.
  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, site: StaticString, onMainActor: Bool = false,
    builder: Builder
  ) {
    self.init(
      container: container, name: name, site: site, builder: builder, onMainActor: onMainActor)
  }

  /// A registration for a promised factory, whose builder the app must register; `standIn`
  /// fills the builder's place and is never called.
  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, site: StaticString, promise standIn: Builder
  ) {
    self.init(
      container: container, name: name, site: site, builder: standIn, promise: true,
      onMainActor: false)
  }

  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, site: StaticString, builder: Builder,
    promise: Bool = false, onMainActor: Bool
  ) {
    self.container = copy container
    // A comparison of types, not a cast: unspecialized, as in a debug build, a cast is a call
    // into the runtime on every resolution; specialized, both fold away.
    if C.self == Container.self {
      unretainedManager = Unmanaged.passUnretained(
        unsafeDowncast(self.container as AnyObject, to: Container.self).manager)
    } else {
      unretainedManager = nil
    }
    let parts = StaticStringParts(name)
    nameStart = parts.word
    declaredBuilder = builder
    traits = DeclarationTraits(
      nameLength: Int(bitPattern: parts.length), nameFlags: parts.flags, isPromise: promise,
      onMainActor: onMainActor)
    // The same literal, as `#function` twice is, keeps no declaration site of its own.
    let sameSite = site.hasPointerRepresentation && UInt(bitPattern: site.utf8Start) == parts.word
    if sameSite {
      rareModifiers = nil
    } else {
      var fields = RareModifiers<Value, Builder>.Fields()
      fields.site = Site(site)
      rareModifiers = RareModifiers(fields)
    }
  }

  /// `registration` with `traits` and `rareModifiers` in place of its own.
  @inlinable
  @inline(__always)
  init(
    copying registration: borrowing Self, traits: DeclarationTraits,
    rareModifiers: AnyRareModifiers?
  ) {
    container = registration.container
    unretainedManager = registration.unretainedManager
    nameStart = registration.nameStart
    declaredBuilder = registration.declaredBuilder
    self.traits = traits
    self.rareModifiers = rareModifiers
  }

  /// The key: the container's type, the value's type and the name.
  ///
  /// Containers are final classes, so the object's type is the one the factory was declared on.
  @inlinable
  var key: FactoryKey {
    @inline(__always) get {
      FactoryKey(container: type(of: container), value: Value.self, name: name)
    }
  }

  /// The key's name, put back together from `nameStart` and the traits word.
  @inlinable
  var name: StaticString {
    @inline(__always) get {
      StaticStringParts(
        word: nameStart, length: UInt(traits.nameLength), flags: traits.nameFlags
      ).string
    }
  }

  /// Set on the value `register` returns, and on a value a statement modified: modifiers chained
  /// onto it change what the container stores for the key.
  @inlinable
  var isAmendment: Bool { @inline(__always) get { traits[.amendment] } }

  /// Where the factory was declared (see `Site`): the key's name unless given apart.
  @inlinable
  var site: Site {
    // Not `??`: its autoclosure would capture `self` and put the value in memory.
    if let rareModifiers, let site = rareModifiers.typed(Value.self, Builder.self).fields.site {
      return site
    }
    return Site(name)
  }

  /// The traits word after a modifier written in `site`, which `change` describes as a
  /// change of an override; nil when the modifier changes only the registered override.
  ///
  /// The one rule every modifier follows: chained onto the value `register` returned, it changes
  /// that override (nil); in the declaration it changes the declaration (the word as it is);
  /// written as a statement anywhere else, it amends the container's factory and this value,
  /// which then stands for the amended factory (the word with the override flag).
  @inlinable
  @inline(__always)
  func traitsAfterModifier(
    in site: StaticString,
    _ change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>
  ) -> DeclarationTraits? {
    isAmendment || !self.site.matches(site) ? traitsOutsideDeclaration(change) : traits
  }

  /// `traitsAfterModifier` for a modifier chained onto an override or written as a statement:
  /// rare, and out of line, so that the common case stays a few instructions.
  @inlinable
  @inline(never)
  func traitsOutsideDeclaration(
    _ change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>
  ) -> DeclarationTraits? {
    if isAmendment {
      updateAmendment(change)
      return nil
    }
    amend(change)
    var changed = traits
    changed[.amendment] = true
    return changed
  }

  /// This registration after `register`: the container's factory builds with `builder`, and
  /// modifiers chained onto the value returned change that override.
  ///
  /// A method of the registration, so that unspecialized code, as in a debug build, neither
  /// copies the registration nor looks up its type's metadata to reach its fields; only the
  /// override's type needs `Value` and `Builder`; the rest runs in `ContainerManager.register`.
  @inlinable
  func registering(
    _ builder: Builder,
    at site: (fileID: StaticString, filePath: StaticString, line: Int, column: Int)
  ) -> Self {
    manager.register(
      AnyAmendment(replacingWith: builder, building: Value.self), for: key, in: container,
      at: site)
    var registered = traits
    registered[.amendment] = true
    return Self(copying: self, traits: registered, rareModifiers: rareModifiers)
  }

  /// Applies `change` to the override or amendment the container stores for this key; does
  /// nothing when there is none.
  @usableFromInline
  func updateAmendment(_ change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>) {
    apply(change, creatingAmendment: false)
  }

  /// Applies a modifier written as a statement to what the container stores for this key: the
  /// override, or an amendment of the declaration, made when there is none.
  @usableFromInline
  func amend(_ change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>) {
    container.manager.ensureAutoRegistered(container)
    apply(change, creatingAmendment: true)
  }

  private func apply(
    _ change: (Amendment<Value, Builder>) -> Amendment<Value, Builder>, creatingAmendment: Bool
  ) {
    let manager = container.manager
    var retired = PublishedIndex.Retired()
    var amended: Amendment<Value, Builder>?
    manager.registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      let current: Amendment<Value, Builder>
      if let amendment = slot.amendment.flatMap(Amendment<Value, Builder>.init) {
        current = amendment
      } else if creatingAmendment {
        current = Amendment()
      } else {
        return
      }
      let changed = change(current)
      slot.amendment = changed.stored
      // Like Factory, a new context, decorator or time to live leaves a kept instance alone
      // (a time to live counts from its build); a new scope does not keep what the old one
      // kept.
      if (changed.scope ?? scope)?.kind != (current.scope ?? scope)?.kind {
        slot.dropInstances()
      }
      slot.republish(retiring: &retired)
      if creatingAmendment { amended = changed }
    }
    retired.release()
    if let amended, StrictMonitor.isArmed, !isOnce {
      let replaced = declaredModifiers(replacedBy: amended)
      if !replaced.isEmpty { StrictMonitor.observeStatement(over: replaced, of: key) }
    }
  }

  /// The declaration's own modifiers that `amendment`, made by statements, replaces: where
  /// Factory would apply the declaration's again at the next resolution, unless it ends with
  /// `.once()`.
  func declaredModifiers(replacedBy amendment: Amendment<Value, Builder>) -> [String] {
    var replaced: [String] = []
    // A time to live stays under another scope, in both libraries: only a scope of another kind,
    // or a time to live the declaration sets, is taken back.
    if let declared = scope, let stated = amendment.scope {
      if stated.kind != declared.kind { replaced.append("scope(.\(Scope(declared.kind)))") }
      if let lifetime = declared.lifetime, let statedLifetime = stated.lifetime,
        statedLifetime != lifetime
      {
        replaced.append("timeToLive(\(lifetime.seconds))")
      }
    }
    if decorator != nil, amendment.decorator != nil { replaced.append("decorator") }
    for context in contexts ?? []
    where amendment.contexts.contains(where: { $0.condition == context.condition }) {
      replaced.append(context.condition.modifierName)
    }
    return replaced
  }
}

// What a factory's declaration says: how to build, the scope, the decorator and the contexts.
// The builder and a scope that fits the traits word are stored flat in `FactoryRegistration`,
// the rest in its rare modifiers. Modifiers in a declaration only change them, so evaluating the
// declaring property never touches the container.
extension FactoryRegistration {
  /// The declaration's decorator, called with each instance it resolves and whether that
  /// instance was just built.
  @inlinable
  var decorator: ((Value, Bool) -> Void)? {
    guard let rareModifiers else { return nil }
    return rareModifiers.typed(Value.self, Builder.self).fields.decorator
  }

  /// Whether the declaration ends with `.once()`.
  var isOnce: Bool {
    guard let rareModifiers else { return false }
    return rareModifiers.typed(Value.self, Builder.self).fields.isOnce
  }

  /// Context builders; nil rather than empty so a plain declaration carries no array.
  var contexts: [ContextualBuilder<Builder>]? {
    guard let rareModifiers else { return nil }
    return rareModifiers.typed(Value.self, Builder.self).fields.contexts
  }

  /// The declared scope; nil when the declaration names none, and the container's
  /// `defaultScope`, else `.unique`, applies.
  @inlinable
  var scope: Scope? {
    let code = traits.scopeCode
    guard code == DeclarationTraits.scopeInRareModifiers else { return Scope(code: code) }
    guard let rareModifiers else { return nil }
    return rareModifiers.typed(Value.self, Builder.self).fields.scope
  }

  /// Where the declaration keeps its instances, as the lock-free path sees it: a container with
  /// a default scope never resolves lock-free, so an undeclared scope is `.unique` there.
  @inlinable
  var declaredKeeping: Keeping {
    // Read from the traits word when the scope is there, which every hit of a `.cached`
    // declaration does: through `scope`, an optimized build called a getter for it. `guard let`,
    // not `??`: unspecialized, `??` looks up the optional's metadata every time.
    @inline(__always) get {
      let code = traits.scopeCode
      let declared = code != DeclarationTraits.scopeInRareModifiers ? Scope(code: code) : scope
      guard let declared else { return .nowhere }
      return Keeping(declared, overridden: false)
    }
  }

  /// Whether the declaration is its builder alone: not a promise, with no rare modifiers.
  @inlinable
  var isPlain: Bool { @inline(__always) get { rareModifiers == nil && !traits[.promise] } }

  /// The builder to use when nothing is registered: a context's that holds, else the
  /// declaration's. `source` says which; for a promise with no context that holds, it is nil
  /// and the builder is the stand-in.
  ///
  /// The source comes out through a parameter, not as an optional builder or a pair:
  /// unspecialized, as in a debug build, a function with a local of either type looks its
  /// metadata up on every call, whichever way it goes.
  @inlinable
  func chosenBuilder(source: inout TraceSource?) -> Builder {
    source = traits[.promise] ? nil : .declaration
    guard let rareModifiers,
      let contexts = rareModifiers.typed(Value.self, Builder.self).fields.contexts
    else { return declaredBuilder }
    var matched = false
    let builder = ContextualBuilder.firstMatch(
      in: contexts, otherwise: declaredBuilder, matched: &matched)
    if matched { source = .context }
    return builder
  }

  /// The builder to use under `amendment`, the slot's override or amendment, if any; `source`
  /// says where it comes from, nil with the stand-in for a promise that nothing fulfils.
  @inlinable
  func builder(under amendment: AnyAmendment?, source: inout TraceSource?) -> Builder {
    guard let amendment, let typed = Amendment<Value, Builder>(amendment) else {
      return chosenBuilder(source: &source)
    }
    return typed.chosenBuilder(over: self, source: &source)
  }

  /// The decorator that sees a build under `amendment`: the override's, else the declaration's.
  @inlinable
  func decorator(under amendment: AnyAmendment?) -> ((Value, Bool) -> Void)? {
    if let amendment, amendment.hasDecorator, let typed = Amendment<Value, Builder>(amendment) {
      return typed.decorator
    }
    return decorator
  }
}

// How a declaration's scope changes: `.cached` and the other property modifiers, and
// `.scope(…)`. Every resolution of a factory declared with one runs this, so it builds the new
// registration from values and never leaves it in memory (see `FactoryRegistration`).
extension FactoryRegistration {
  /// This registration with `scope` declared, or, for an override's value, the override
  /// changed to `scope`.
  @inlinable
  @inline(__always)
  func declaring(_ scope: Scope) -> Self {
    if isAmendment {
      updateAmendment { $0.with(scope: scope) }
      return self
    }
    return scoped(scope)
  }

  /// This registration with `newScope` as the declared scope.
  ///
  /// The common case is one store of the traits word.
  @inlinable
  @inline(__always)
  func scoped(_ newScope: Scope?) -> Self {
    // The rare modifiers hold a scope only when `traits` says so; otherwise they pass through
    // as they are, which leaves the optimizer nothing to look at in them.
    if traits.scopeCode != DeclarationTraits.scopeInRareModifiers,
      let code = newScope == nil ? 0 : newScope?.code
    {
      return Self(copying: self, traits: traits.withScopeCode(code), rareModifiers: rareModifiers)
    }
    return rescoped(newScope)
  }

  /// This registration after `.scope(scope)` written in `site`: in the declaration, with
  /// `scope` declared; anywhere else, also with the container's factory changed to `scope`.
  ///
  /// Which of the two is known only when the program runs, so the branch changes only the
  /// traits word, and the value is made once after it: two values meeting there would keep the
  /// container's copy. A scope that does not fit the traits word takes the general way.
  @inlinable
  @inline(__always)
  func scoping(_ scope: Scope, in site: StaticString) -> Self {
    guard traits.scopeCode != DeclarationTraits.scopeInRareModifiers, let code = scope.code else {
      return scopingInGeneral(scope, in: site)
    }
    let changed = traitsAfterModifier(in: site) { $0.with(scope: scope) }
    return Self(
      copying: self, traits: changed?.withScopeCode(code) ?? traits, rareModifiers: rareModifiers)
  }

  /// `scoping(_:in:)` for any scope and any declaration.
  @inlinable
  @inline(never)
  func scopingInGeneral(_ scope: Scope, in site: StaticString) -> Self {
    guard let changed = traitsAfterModifier(in: site, { $0.with(scope: scope) }) else {
      return self
    }
    return Self(copying: self, traits: changed, rareModifiers: rareModifiers).scoped(scope)
  }

  /// This registration after `.timeToLive(seconds)` written in `site`: the scope in force so far
  /// (the declared one, else `.cached`) with its instances valid for `seconds` after each use.
  @inlinable
  func living(for seconds: Double, in site: StaticString) -> Self {
    let declared = scope
    let changed = traitsAfterModifier(in: site) { amendment in
      amendment.with(scope: declared, timeToLive: seconds)
    }
    guard let changed else { return self }
    return Self(copying: self, traits: changed, rareModifiers: rareModifiers)
      .scoped(Scope.living(for: seconds, over: declared))
  }

  /// This registration with `newScope` as the scope, when the old or the new scope lives in the
  /// rare modifiers; a time to live stays under a new scope that sets none, as in Factory.
  @inlinable
  @inline(never)
  func rescoped(_ newScope: Scope?) -> Self {
    let newScope = newScope?.keepingLifetime(of: scope)
    let code = newScope.map { $0.code ?? DeclarationTraits.scopeInRareModifiers } ?? 0
    let kept = code == DeclarationTraits.scopeInRareModifiers ? newScope : nil
    return Self(
      copying: self, traits: traits.withScopeCode(code),
      rareModifiers: RareModifiers<Value, Builder>.replacing(rareModifiers) { $0.scope = kept })
  }
}

/// What a factory's declaration says, in one word.
///
/// Bits 0–31 hold the key name's length, 32–39 `StaticString`'s flags byte, 40–44 the flags of
/// `Flag`, and 45–63 `scopeCode`: 4 bits of kind and, for a custom scope, 15 bits of its number.
/// The name's fields fill whole words and bytes, so reading them takes no mask.
@usableFromInline
struct DeclarationTraits: Sendable {
  @usableFromInline var word: UInt64

  /// The scope code that says the scope is in the registration's rare modifiers.
  @usableFromInline static let scopeInRareModifiers: UInt64 = 7

  @inlinable
  init(nameLength: Int, nameFlags: UInt8, isPromise: Bool = false, onMainActor: Bool = false) {
    word =
      UInt64(truncatingIfNeeded: nameLength) & 0xFFFF_FFFF | UInt64(nameFlags) << 32
      | (isPromise ? 1 << Flag.promise.rawValue : 0)
      | (onMainActor ? 1 << Flag.builtOnMainActor.rawValue : 0)
  }

  @inlinable
  var nameLength: Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

  @inlinable
  var nameFlags: UInt8 { UInt8(truncatingIfNeeded: word >> 32) }

  /// A flag of the word, by its bit.
  @usableFromInline
  enum Flag: UInt64 {
    /// The value stands for an amendment: modifiers chained onto it change the amendment.
    case amendment = 40
    /// The factory is a promise, whose builder is a stand-in.
    case promise = 41
    /// A `ParameterFactory` keeps one instance per parameter (`scopeOnParameters`).
    case keptPerParameter = 42
    /// The builder was written on the main actor, and so must run there.
    case builtOnMainActor = 43
    /// The declaration's own builder may run in a fakes-only test (`.safeInTests`).
    case safeInTests = 44
  }

  @inlinable
  subscript(flag: Flag) -> Bool {
    get { word & 1 << flag.rawValue != 0 }
    set { word = newValue ? word | 1 << flag.rawValue : word & ~(1 << flag.rawValue) }
  }

  /// 0 for no scope, otherwise a code from `Scope.code` or `scopeInRareModifiers`.
  @inlinable
  var scopeCode: UInt64 {
    get { word >> 45 }
    set { word = word & (1 << 45 - 1) | newValue << 45 }
  }

  /// This word with `code` as the scope code.
  @inlinable
  func withScopeCode(_ code: UInt64) -> DeclarationTraits {
    var changed = self
    changed.scopeCode = code
    return changed
  }
}

/// A `StaticString`'s three stored fields, to take one apart and put it back together.
///
/// `StaticString` is frozen: its layout, a word (the address of the text, or its one scalar), a
/// word of length and a byte of flags (bit 0 set for a scalar, bit 1 for ASCII text), is part of
/// the standard library's ABI and cannot change. This struct has the same fields in the same
/// order, so `unsafeBitCast` from it is exact (`StaticStringPartsTests` checks a round trip).
///
/// Taking one apart goes through the public properties, not a cast, so that the optimizer sees
/// through it: a declaration's literal then folds into constants.
@usableFromInline
struct StaticStringParts {
  @usableFromInline let word: UInt
  @usableFromInline let length: UInt
  @usableFromInline let flags: UInt8

  @inlinable
  @inline(__always)
  init(_ string: StaticString) {
    if string.hasPointerRepresentation {
      word = UInt(bitPattern: string.utf8Start)
      length = UInt(bitPattern: string.utf8CodeUnitCount)
      flags = string.isASCII ? 2 : 0
    } else {
      word = UInt(string.unicodeScalar.value)
      length = 0
      flags = string.isASCII ? 3 : 1
    }
  }

  /// The `StaticString` these parts make up.
  @inlinable
  @inline(__always)
  var string: StaticString { unsafeBitCast(self, to: StaticString.self) }

  @inlinable
  init(word: UInt, length: UInt, flags: UInt8) {
    self.word = word
    self.length = length
    self.flags = flags
  }
}

/// The rare parts of a declaration: a decorator, contexts, a scope that does not fit
/// `DeclarationTraits`, or a declaration site other than the key's name.
///
/// Shared by copies of the declaration and never changed: a modifier makes a new one.
@usableFromInline
@_eagerMove
final class RareModifiers<T, Builder>: AnyRareModifiers, @unchecked Sendable {
  // NB: `@unchecked` only because the builders and the decorator need not be `Sendable`, for
  // the reason given on `FactoryRegistration`; `fields` is a constant. `@_eagerMove` as there:
  // without it, the nil rare modifiers of a `.cached` declaration get a lexical lifetime of
  // their own, and the container's retain is back.
  @usableFromInline let fields: Fields

  @inlinable
  init(_ fields: Fields) { self.fields = fields }

  /// `rareModifiers`, which are of these types, with `change` applied; nil when nothing is left.
  ///
  /// NB: always inlined, so that no call of it is left for the optimizer to specialize for a
  /// modifier's closure: Swift 6.3.1's closure specializer corrupts a function where such a call
  /// stays out of line (a function with many resolutions of factories with contexts), and the
  /// compiler crashes (Docs/KnownIssues.md;
  /// `Tests/ToolchainDefects/ContextModifiersInOneFunction.swift`).
  @inlinable
  @inline(__always)
  static func replacing(
    _ rareModifiers: AnyRareModifiers?, _ change: (inout Fields) -> Void
  ) -> RareModifiers? {
    var fields = Fields()
    if let rareModifiers { fields = rareModifiers.typed(T.self, Builder.self).fields }
    change(&fields)
    let isEmpty =
      fields.decorator == nil && fields.contexts == nil && fields.site == nil
      && fields.scope == nil && !fields.isOnce
    return isEmpty ? nil : RareModifiers(fields)
  }

  @usableFromInline
  struct Fields {
    @usableFromInline var decorator: ((T, Bool) -> Void)? = nil
    @usableFromInline var contexts: [ContextualBuilder<Builder>]? = nil
    /// Where the factory was declared, when that is not its key's name.
    @usableFromInline var site: Site? = nil
    /// A scope that does not fit `DeclarationTraits`: a time to live, or a custom scope past
    /// 32,767.
    @usableFromInline var scope: Scope? = nil
    /// Whether the declaration ends with `.once()`: its contexts, once reset, stay reset.
    @usableFromInline var isOnce = false

    @inlinable
    init() {}
  }
}

/// A declaration's `RareModifiers`, without their types, as a registration stores them.
@usableFromInline
@_eagerMove
class AnyRareModifiers: @unchecked Sendable {
  // NB: `@unchecked` for the subclass's reason; this class holds nothing.
  @usableFromInline
  init() {}

  /// These modifiers with their types, for code that knows they are `RareModifiers<T, Builder>`.
  ///
  /// A bit cast, sound because a registration stores only the `RareModifiers` of its own
  /// `Value` and `Builder`. Not `unsafeDowncast`, which a debug build checks with a dynamic cast
  /// on every read, nor `Unmanaged`, whose unretained value an optimized build retained. The
  /// types come as the parameters' metatypes, which callers have at hand, rather than the
  /// class's, which a debug build would look up at every call.
  @inlinable
  @inline(__always)
  final func typed<T, Builder>(_: T.Type, _: Builder.Type) -> RareModifiers<T, Builder> {
    unsafeBitCast(self as AnyObject, to: RareModifiers<T, Builder>.self)
  }
}

/// The `#function` of the code that declared a factory, which tells modifiers in the declaration
/// from modifiers written as statements elsewhere.
///
/// It keeps only the address of the literal's UTF-8 bytes, which `StaticString` guarantees are
/// null-terminated: a whole `StaticString` is 16 bytes more, and would take a `Factory` value
/// past the size the compiler copies inline (see `FactoryLayoutTests`).
@usableFromInline
struct Site: @unchecked Sendable {
  // NB: `@unchecked` is sound because the address is that of a string literal, in the
  // program's constant data: never written, and valid for as long as the process runs.

  /// Nil for a `StaticString` that is one Unicode scalar rather than a pointer, which
  /// `#function` never is; no modifier matches it, so each is a statement.
  @usableFromInline let start: UnsafeRawPointer?

  @inlinable
  init(_ site: StaticString) {
    start = site.hasPointerRepresentation ? UnsafeRawPointer(site.utf8Start) : nil
  }

  /// Whether `site`, a modifier's `#function`, is this code: compared by address, then,
  /// since a literal may be copied into another module, by content.
  @inlinable
  @inline(__always)
  func matches(_ site: StaticString) -> Bool {
    guard let start, site.hasPointerRepresentation else { return false }
    let other = UnsafeRawPointer(site.utf8Start)
    if other == start { return true }
    return Self.same(other, count: site.utf8CodeUnitCount, as: start)
  }

  /// Whether the `count` bytes at `bytes` are the null-terminated text at `terminated`; reads
  /// nothing of `terminated` past its terminator.
  @usableFromInline
  static func same(_ bytes: UnsafeRawPointer, count: Int, as terminated: UnsafeRawPointer) -> Bool {
    for offset in 0..<count {
      let byte = terminated.load(fromByteOffset: offset, as: UInt8.self)
      if byte == 0 || byte != bytes.load(fromByteOffset: offset, as: UInt8.self) { return false }
    }
    return terminated.load(fromByteOffset: count, as: UInt8.self) == 0
  }
}
