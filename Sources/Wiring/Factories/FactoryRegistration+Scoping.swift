// How a declaration's scope changes: `.cached` and the other property modifiers, and
// `.scope(…)`. Every resolution of a factory declared with one runs this, so it builds the new
// registration from values and never leaves it in memory (see `FactoryRegistration` for why that
// matters).
extension FactoryRegistration {
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
    // The extras hold a scope only when `traits` says so; otherwise they pass through as they
    // are, which leaves the optimizer nothing to look at in them.
    if traits.scopeCode != DeclarationTraits.scopeInExtras,
      let code = newScope == nil ? 0 : newScope?.code
    {
      return Self(copying: self, traits: traits.withScopeCode(code), extras: extras)
    }
    return rescoped(newScope)
  }

  /// This registration after `.scope(scope)` written in `function`: in the declaration, with
  /// `scope` declared; anywhere else, also with the container's factory changed to `scope`.
  ///
  /// Which of the two is known only when the program runs, so the branch changes nothing but
  /// the traits word, and the value is made once after it: two values meeting there would keep
  /// the container's copy (see `FactoryRegistration`). A scope that does not fit the traits word
  /// takes the general way.
  @inlinable
  @inline(__always)
  func scoping(_ scope: Scope, in function: StaticString) -> Self {
    guard traits.scopeCode != DeclarationTraits.scopeInExtras, let code = scope.code else {
      return scopingInGeneral(scope, in: function)
    }
    let changed = traitsAfterModifier(in: function) { $0.with(scope: scope) }
    return Self(copying: self, traits: changed?.withScopeCode(code) ?? traits, extras: extras)
  }

  /// `scoping(_:in:)` for any scope and any declaration.
  @inlinable
  @inline(never)
  func scopingInGeneral(_ scope: Scope, in function: StaticString) -> Self {
    guard let changed = traitsAfterModifier(in: function, { $0.with(scope: scope) }) else {
      return self
    }
    return Self(copying: self, traits: changed, extras: extras).scoped(scope)
  }

  /// This registration with `newScope` as the scope, when the old or the new scope lives in the
  /// extras.
  @inlinable
  @inline(never)
  func rescoped(_ newScope: Scope?) -> Self {
    let code = newScope.map { $0.code ?? DeclarationTraits.scopeInExtras } ?? 0
    let kept = code == DeclarationTraits.scopeInExtras ? newScope : nil
    return Self(
      copying: self, traits: traits.withScopeCode(code),
      extras: Extras.replacing(extras) { $0.scope = kept })
  }
}
