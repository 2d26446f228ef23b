extension ContainerManager {
  /// Receives every resolution this container makes, for your logger; nil (the default) for none.
  ///
  /// Each ``ResolutionEvent`` says which factory resolved, how deeply nested, in which scope,
  /// and whether it built a new instance or reused a kept one. The handler runs on the resolving
  /// thread, with no lock held, before the factory builds; keep it quick, and do not resolve from
  /// it. Set it back to nil to stop.
  ///
  /// ```swift
  /// Container.shared.manager.trace = { event in logger.debug("\(event)") }
  /// // Container.viewModel: ViewModel [unique] built
  /// //   Container.api: any APIClient [singleton] cached
  /// Container.shared.manager.trace = nil
  /// ```
  ///
  /// Tracing costs nothing while it is off. While it is on, every resolution of this container
  /// takes the locked path, so that cache hits are reported too: a trace is for finding out what
  /// happens, not for production hot paths.
  public var trace: (@Sendable (ResolutionEvent) -> Void)? {
    get { observation.trace }
    set {
      observation.setTrace(newValue)
      observationChanged()
    }
  }
}
