#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Puts a raw terminal back to its saved mode when SIGINT or SIGTERM would kill the process.
///
/// The first ``begin(descriptor:state:)`` saves the mode and installs a handler for each of those
/// signals that still has its default disposition; the matching last ``end()`` takes the
/// handlers away again. The handler restores the mode, reinstates the default disposition and
/// raises the signal again, so the process still dies of it with the status a shell expects.
enum SignalRestoration {
  static let signals = [SIGINT, SIGTERM]

  private struct State {
    var depth = 0
    var installed: [Int32] = []
  }

  private static let state = LockedState(State())

  static func begin(descriptor: Int32, state saved: termios) {
    state.withLock { state in
      state.depth += 1
      guard state.depth == 1 else { return }
      savedTerminal = (descriptor, saved)
      state.installed = signals.filter { signal in
        let previous = installHandler(for: signal)
        guard previous == nil else {
          _ = setDisposition(signal, previous)
          return false
        }
        return true
      }
    }
  }

  static func end() {
    state.withLock { state in
      state.depth -= 1
      guard state.depth == 0 else { return }
      for signal in state.installed {
        let current = setDisposition(signal, nil)
        if current.map(address(of:)) != address(of: handleFatalSignal) {
          _ = setDisposition(signal, current)
        }
      }
      state.installed = []
    }
  }

  /// Whether the handler is installed for `signal` right now.
  static func isHandling(_ signal: Int32) -> Bool {
    state.withLock { $0.installed.contains(signal) }
  }

  private static func installHandler(for signal: Int32) -> Handler? {
    setDisposition(signal, handleFatalSignal)
  }

  private static func address(of handler: Handler) -> UnsafeRawPointer {
    unsafeBitCast(handler, to: UnsafeRawPointer.self)
  }

  #if canImport(Glibc)
    typealias Handler = sighandler_t
  #elseif canImport(Darwin)
    typealias Handler = sig_t
  #endif

  /// Sets the disposition of `signal` (`nil` is the default) and returns the previous one.
  @discardableResult
  private static func setDisposition(_ signal: Int32, _ handler: Handler?) -> Handler? {
    #if canImport(Glibc)
      Glibc.signal(signal, handler)
    #elseif canImport(Darwin)
      Darwin.signal(signal, handler)
    #endif
  }
}

/// The terminal the signal handler puts back, and the mode it puts back.
///
/// NB: `nonisolated(unsafe)` is sound because the only writer is `SignalRestoration.begin`,
/// under its lock, and it writes before it installs the handler; the only other reader is that
/// handler, which runs after the installation (the `signal` call orders the two) and never
/// writes. The value is plain data, so reading it in a signal handler allocates nothing.
nonisolated(unsafe) private var savedTerminal: (descriptor: Int32, state: termios)?

/// Restores the saved terminal mode, then dies of `signal` as if it had never been caught.
private func handleFatalSignal(_ signal: Int32) {
  if var saved = savedTerminal {
    _ = tcsetattr(saved.descriptor, TCSANOW, &saved.state)
  }
  #if canImport(Glibc)
    _ = Glibc.signal(signal, nil)
  #elseif canImport(Darwin)
    _ = Darwin.signal(signal, nil)
  #endif
  raise(signal)
}
