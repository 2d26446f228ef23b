extension ContainerManager {
  /// Whether this container writes each resolution to ``logger``, one line each, as Factory does.
  ///
  /// ```swift
  /// Container.shared.manager.trace = true
  /// // 0: Container.viewModel<ViewModel> = F:105553116266496 ViewModel
  /// // 1:     Container.api<any APIClient> = C:105553116266560 LiveAPIClient
  /// Container.shared.manager.trace = false
  /// ```
  ///
  /// The lines of one top-level resolution are written when it ends, outermost first: the level,
  /// the factory and its type, then `F` (built by the declaration), `R` (by a registration), `O`
  /// (by a context) or `C` (kept), the instance's address and its type. ``onResolution``
  /// receives ``ResolutionEvent`` values instead. Tracing costs nothing while it is off. While it is on, every resolution of this
  /// container takes the locked path, so that cache hits are reported too: a trace is for finding
  /// out what happens, not for production hot paths. Unlike Factory's, it is per container.
  public var trace: Bool {
    get { observation.logsTrace }
    set {
      observation.logsTrace = newValue
      observationChanged()
    }
  }

  /// Where ``trace`` writes its lines: `print` until you set it.
  ///
  /// It runs on the resolving thread, with no lock held, when a top-level resolution ends; keep it
  /// quick, do not resolve from it, and make what it captures safe to use from the threads that
  /// resolve.
  ///
  /// ```swift
  /// var lines: [String] = []
  /// Container.shared.manager.logger = { lines.append($0) }
  /// ```
  public var logger: (String) -> Void {
    get { observation.logger.log }
    set { observation.logger = TraceLogger(log: newValue) }
  }

  /// Receives every resolution this container makes, as a value; nil (the default) for none.
  ///
  /// Each ``ResolutionEvent`` says which factory resolved, how deeply nested, in which scope,
  /// and whether it built a new instance or reused a kept one. The handler runs on the resolving
  /// thread, with no lock held, before the factory builds; keep it quick, and do not resolve from
  /// it. Set it back to nil to stop.
  ///
  /// ```swift
  /// Container.shared.manager.onResolution = { event in logger.debug("\(event)") }
  /// Container.shared.manager.onResolution = nil
  /// ```
  ///
  /// Like ``trace``, it sends every resolution of this container down the locked path while set.
  public var onResolution: (@Sendable (ResolutionEvent) -> Void)? {
    get { observation.trace }
    set {
      observation.setTrace(newValue)
      observationChanged()
    }
  }
}
