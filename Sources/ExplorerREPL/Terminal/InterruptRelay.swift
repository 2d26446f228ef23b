internal import Dispatch

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Carries SIGINT from a signal handler to the callbacks of the started interrupt watchers.
///
/// The handler only writes one byte to a pipe, which is safe in a signal handler; a dispatch
/// read source on the other end calls the callbacks. The handler is installed while at least
/// one watcher is started, and the disposition it replaced is put back after the last one stops.
///
// NB: not a `DispatchSourceSignal` with SIGINT ignored. On Linux libdispatch installs a handler
// of its own the first time a source for a signal is created and never again, so once a
// stopped watcher had put back the default disposition, a later source would never fire.
enum InterruptRelay {
  private struct State: @unchecked Sendable {
    // NB: `@unchecked` only for `reader`: libdispatch's sources are safe to use from any thread,
    // but Dispatch on Linux does not mark them `Sendable`.
    var callbacks: [ObjectIdentifier: @Sendable () -> Void] = [:]
    var previous: SignalDisposition?
    var reader: (any DispatchSourceRead)?
  }

  private static let state = LockedState(State())
  private static let relaying = SignalDisposition(handler: relayInterrupt)

  static func add(_ watcher: ObjectIdentifier, _ callback: @escaping @Sendable () -> Void) {
    state.withLock { state in
      guard state.callbacks[watcher] == nil else { return }
      state.callbacks[watcher] = callback
      guard state.callbacks.count == 1, relayPipe.writing >= 0 else { return }
      if state.reader == nil { state.reader = makeReader() }
      state.previous = SignalDisposition.swap(SIGINT, to: relaying)
    }
  }

  static func remove(_ watcher: ObjectIdentifier) {
    state.withLock { state in
      guard state.callbacks.removeValue(forKey: watcher) != nil, state.callbacks.isEmpty else {
        return
      }
      state.previous?.reinstate(SIGINT)
      state.previous = nil
    }
  }

  static func isRelaying(to watcher: ObjectIdentifier) -> Bool {
    state.withLock { $0.callbacks[watcher] != nil }
  }

  /// The source that empties the pipe and calls every started watcher once per batch.
  private static func makeReader() -> any DispatchSourceRead {
    let reader = DispatchSource.makeReadSource(
      fileDescriptor: relayPipe.reading, queue: .global(qos: .userInitiated))
    reader.setEventHandler {
      var bytes = [UInt8](repeating: 0, count: 64)
      var count = 1
      while count > 0 {
        count = bytes.withUnsafeMutableBytes { read(relayPipe.reading, $0.baseAddress, $0.count) }
      }
      let callbacks = state.withLock { Array($0.callbacks.values) }
      for callback in callbacks { callback() }
    }
    reader.resume()
    return reader
  }
}

/// The pipe from the signal handler to the reader: both ends non-blocking and closed on exec,
/// both `-1` if the pipe could not be made. Made once, before the handler is first installed,
/// and kept for the life of the process.
private let relayPipe: (reading: Int32, writing: Int32) = {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { return (-1, -1) }
  for end in ends {
    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
  }
  return (ends[0], ends[1])
}()

/// Writes one byte to the relay pipe; `write` is async-signal-safe, and `errno` is kept for
/// the code the signal interrupted.
private func relayInterrupt(_ signal: Int32) {
  let savedError = errno
  var byte: UInt8 = 1
  _ = write(relayPipe.writing, &byte, 1)
  errno = savedError
}
