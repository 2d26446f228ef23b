extension Scope {
  /// Drops the instances this scope keeps, spelled as in Factory: `Scope.singleton.reset()`.
  ///
  /// For ``singleton`` it drops every singleton: the process-wide ones, or inside a test
  /// isolated by `WiringTesting`, that test's own. Other scopes keep their instances in each
  /// container; for them it empties the scope in `Container.shared`, as
  /// `Container.shared.manager.reset(scope:)` does, which is the form to use for another
  /// container.
  ///
  /// ```swift
  /// Scope.singleton.reset()
  /// ```
  public func reset() {
    Container.shared.manager.reset(scope: self)
  }
}
