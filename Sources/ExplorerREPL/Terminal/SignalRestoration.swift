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

  /// The disposition that restores the terminal before the signal ends the process.
  private static let restoring = SignalDisposition(handler: handleFatalSignal)

  static func begin(descriptor: Int32, state saved: termios) {
    state.withLock { state in
      state.depth += 1
      guard state.depth == 1 else { return }
      savedTerminal = (descriptor, saved)
      state.installed = signals.filter { signal in
        let previous = SignalDisposition.swap(signal, to: restoring)
        guard previous.isStandard else {
          previous.reinstate(signal)
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
        let current = SignalDisposition.swap(signal, to: .standard)
        if !current.isSame(as: restoring) { current.reinstate(signal) }
      }
      state.installed = []
    }
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
  // NB: a fresh value, not `.standard`: a static's first use runs its initializer under a lock,
  // which a signal handler must never wait for.
  SignalDisposition.swap(signal, to: SignalDisposition(handler: nil))
  raise(signal)
}
