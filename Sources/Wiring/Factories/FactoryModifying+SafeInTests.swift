extension FactoryModifying {
  /// Lets this factory's own builder run in a fakes-only test: it reaches nothing live.
  ///
  /// A test run with `.container(fakesOnly: true)` records an issue for every factory whose
  /// declared builder runs, because no fake was registered for it and no context's builder
  /// held. Mark the declarations that are safe to build anywhere: pure values, formatters, and
  /// objects that only compose other factories, each of which is checked in its turn.
  ///
  /// ```swift
  /// extension Container {
  ///   var formatter: Factory<DateFormatter> { self { DateFormatter() }.cached.safeInTests }
  /// }
  /// ```
  ///
  /// It belongs in the declaration; written anywhere else it changes nothing.
  @inlinable
  public var safeInTests: Self {
    var marked = self
    marked.registration.traits.isSafeInTests = true
    return marked
  }
}
