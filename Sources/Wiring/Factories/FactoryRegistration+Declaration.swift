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
    @inline(__always) get { traits.isPromise ? nil : declaredBuilder }
  }

  /// The declaration's decorator, called with each instance it resolves and whether that
  /// instance was just built.
  @inlinable
  var decorator: ((Value, Bool) -> Void)? {
    get { extras?.decorator }
    set { extras = Extras.replacing(extras) { $0.decorator = newValue } }
  }

  /// Whether the declaration ends with `.once()`.
  @inlinable
  var isOnce: Bool { extras?.isOnce ?? false }

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
    let code = traits.scopeCode
    return code == DeclarationTraits.scopeInExtras ? extras?.scope : Scope(code: code)
  }

  /// Where the declaration keeps its instances, as the lock-free path sees it: a container with
  /// a default scope never resolves lock-free, so an undeclared scope is `.unique` there.
  @inlinable
  var declaredKeeping: Keeping {
    @inline(__always) get { Keeping(scope ?? .unique, overridden: false) }
  }

  /// Whether the declaration is its builder alone: not a promise, with no decorator, contexts
  /// or other extras.
  @inlinable
  var isPlain: Bool { @inline(__always) get { extras == nil && !traits.isPromise } }

  /// The builder to use when nothing is registered: a matching context, else the declaration's.
  @inlinable
  var effectiveBuilder: Builder? {
    @inline(__always) get { contextualBuilder ?? builder }
  }

  /// The builder of the declaration's best context that holds now; nil when none does.
  @inlinable
  var contextualBuilder: Builder? {
    guard let contexts = extras?.contexts else { return nil }
    return ContextualBuilder.firstMatch(in: contexts)
  }

  /// `effectiveBuilder`, and whether it is the declaration's own rather than a context's.
  @inlinable
  var chosenBuilder: (builder: Builder, isDeclared: Bool)? {
    if let contextual = contextualBuilder { return (contextual, false) }
    return builder.map { ($0, true) }
  }

  /// The builder to use under `override`, the slot's override or amendment, if any, and
  /// whether it is the declaration's own: no replacement is registered and no context holds.
  @inlinable
  func builder(under override: Override<Value, Builder>?) -> (builder: Builder, isDeclared: Bool)? {
    guard let override else { return chosenBuilder }
    return override.chosenBuilder(over: self)
  }
}
