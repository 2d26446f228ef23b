internal import Dispatch

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Turns Ctrl-C into a callback while a request runs, instead of letting it end the process.
///
/// Between ``start()`` and ``stop()`` SIGINT is ignored by the process and delivered to the
/// callback on a dispatch queue; ``stop()`` puts back whatever disposition SIGINT had before.
/// ``cancellingOnInterrupt(_:)`` wraps the usual case: run one operation, cancel it on Ctrl-C.
///
/// ```swift
/// let page = try await InterruptWatcher.cancellingOnInterrupt {
///   try await search(query)
/// }
/// ```
package final class InterruptWatcher: Sendable {
  private struct Watching {
    var source: (any DispatchSourceSignal)?
    var previous: SignalDisposition?
  }

  private let onInterrupt: @Sendable () -> Void
  private let watching = LockedState(Watching())

  /// Prepares a watcher that calls `onInterrupt` on a global queue for each SIGINT once started.
  package init(onInterrupt: @escaping @Sendable () -> Void) {
    self.onInterrupt = onInterrupt
  }

  deinit {
    stop()
  }

  /// Whether SIGINT goes to the callback right now.
  package var isWatching: Bool {
    watching.withLock { $0.source != nil }
  }

  /// Starts turning SIGINT into calls of the callback; does nothing if already started.
  package func start() {
    watching.withLock { watching in
      guard watching.source == nil else { return }
      watching.previous = SignalDisposition.ignore(SIGINT)
      let source = DispatchSource.makeSignalSource(
        signal: SIGINT, queue: .global(qos: .userInitiated))
      source.setEventHandler(handler: onInterrupt)
      source.resume()
      watching.source = source
    }
  }

  /// Stops watching and puts back SIGINT's previous disposition; does nothing if not started.
  package func stop() {
    watching.withLock { watching in
      guard let source = watching.source else { return }
      source.cancel()
      watching.previous?.reinstate(SIGINT)
      watching = Watching()
    }
  }

  /// Runs `operation`, cancelling it when Ctrl-C is pressed before it finishes.
  ///
  /// The operation sees the cancellation as usual (`Task.isCancelled`, `CancellationError`);
  /// whatever it returns or throws is what this returns or throws.
  package static func cancellingOnInterrupt<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let task = Task { try await operation() }
    let watcher = InterruptWatcher { task.cancel() }
    watcher.start()
    defer { watcher.stop() }
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

/// A signal's disposition as `signal(2)` returns it, kept to be put back later.
struct SignalDisposition: @unchecked Sendable {
  // NB: `@unchecked` is sound because the only stored value is a C function pointer (or one
  // of the constants `SIG_DFL`, `SIG_IGN`), which is immutable and has no state to share.
  #if canImport(Glibc)
    let handler: sighandler_t?
  #elseif canImport(Darwin)
    let handler: sig_t?
  #endif

  /// Ignores `signal` and returns what it did before.
  static func ignore(_ signal: Int32) -> SignalDisposition {
    #if canImport(Glibc)
      SignalDisposition(handler: Glibc.signal(signal, SIG_IGN))
    #elseif canImport(Darwin)
      SignalDisposition(handler: Darwin.signal(signal, SIG_IGN))
    #endif
  }

  /// Makes this the disposition of `signal` again.
  func reinstate(_ signal: Int32) {
    #if canImport(Glibc)
      _ = Glibc.signal(signal, handler)
    #elseif canImport(Darwin)
      _ = Darwin.signal(signal, handler)
    #endif
  }
}
