/// What the preview spellings do before they hand a view builder an `EmptyView`.
///
/// `Container.shared.api { … }`, `Container.shared { … }`, a factory's `preview { … }` and
/// `Container.preview { … }` are statements in a `#Preview` body: they change the container
/// and produce a view that draws nothing, so that the body still builds a view.
enum PreviewRegistration {
  /// Registers `builder` on `factory`, as `register(factory:)` does.
  static func register<F: FactoryModifying>(_ builder: F.Builder, on factory: F) {
    factory.register(factory: builder)
  }

  /// Runs `transform` with `container`.
  static func configure<C: ManagedContainer>(_ container: C, with transform: (C) -> Void) {
    container.with(transform)
  }

  /// Runs `transform` with `C.shared`, the container the property wrappers resolve from.
  static func configureShared<C: SharedContainer>(_: C.Type, with transform: (C) -> Void) {
    configure(C.shared, with: transform)
  }
}
