#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The pthread key under which each thread keeps its `ResolutionState`.
private let resolutionStateKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
  let status = pthread_key_create(&key) { raw in
    Unmanaged<ResolutionState>.fromOpaque(raw).release()
  }
  #else
  let status = pthread_key_create(&key) { raw in
    guard let raw else { return }
    Unmanaged<ResolutionState>.fromOpaque(raw).release()
  }
  #endif
  precondition(status == 0, "Wiring could not create its thread-local key (\(status))")
  return key
}()

extension ResolutionState {
  /// This thread's resolution state, created on first use and released when the thread exits.
  ///
  /// Synchronous factories never suspend, so the thread that starts building an object graph is
  /// the thread that finishes it: a thread-local stack sees every nested resolution.
  @usableFromInline
  static var current: ResolutionState {
    currentUnretained.takeUnretainedValue()
  }

  /// This thread's resolution state without a retain: the thread keeps it alive until it exits,
  /// so code on this thread may use it through `_withUnsafeGuaranteedRef`.
  @usableFromInline
  static var currentUnretained: Unmanaged<ResolutionState> {
    if let raw = pthread_getspecific(resolutionStateKey) {
      return Unmanaged<ResolutionState>.fromOpaque(raw)
    }
    let state = ResolutionState()
    pthread_setspecific(resolutionStateKey, Unmanaged.passRetained(state).toOpaque())
    return Unmanaged.passUnretained(state)
  }
}
