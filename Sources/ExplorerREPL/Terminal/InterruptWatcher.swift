/// Turns Ctrl-C into a callback while a request runs, instead of letting it end the process.
///
/// Between ``start()`` and ``stop()`` SIGINT no longer ends the process; each one calls the
/// callback on a dispatch queue instead. When the last watcher stops, SIGINT gets back whatever
/// disposition it had before the first one started. ``cancellingOnInterrupt(_:)`` wraps the
/// usual case: run one operation, cancel it on Ctrl-C.
///
/// ```swift
/// let page = try await InterruptWatcher.cancellingOnInterrupt {
///   try await search(query)
/// }
/// ```
package final class InterruptWatcher: Sendable {
  private let onInterrupt: @Sendable () -> Void

  /// Prepares a watcher that calls `onInterrupt` for each SIGINT once started.
  package init(onInterrupt: @escaping @Sendable () -> Void) {
    self.onInterrupt = onInterrupt
  }

  deinit {
    stop()
  }

  /// Whether SIGINT goes to the callback right now.
  package var isWatching: Bool {
    InterruptRelay.isRelaying(to: ObjectIdentifier(self))
  }

  /// Starts turning SIGINT into calls of the callback; does nothing if already started.
  package func start() {
    InterruptRelay.add(ObjectIdentifier(self), onInterrupt)
  }

  /// Stops calling the callback; does nothing if not started.
  package func stop() {
    InterruptRelay.remove(ObjectIdentifier(self))
  }

  /// Runs `operation`, cancelling it when Ctrl-C is pressed before it finishes.
  ///
  /// The operation sees the cancellation as usual (`Task.isCancelled`, `CancellationError`);
  /// whatever it returns or throws is what this returns or throws. `announce` runs first, on
  /// each Ctrl-C, before the operation learns of it.
  package static func cancellingOnInterrupt<Value: Sendable>(
    announce: @escaping @Sendable () -> Void = {},
    _ operation: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let task = Task { try await operation() }
    let watcher = InterruptWatcher {
      announce()
      task.cancel()
    }
    watcher.start()
    defer { watcher.stop() }
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}
