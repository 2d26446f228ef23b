#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Creates the pthread key under which each thread keeps its `ResolutionState`.
private func makeResolutionStateKey() -> pthread_key_t {
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
}

/// The pthread key under which each thread keeps its `ResolutionState`.
///
/// NB: the key lives in `ProcessWord.resolutionStateKey`, plus one so that 0 means "not made
/// yet": a lazy global would cost a `swift_once` call on every resolution, and the process word
/// is read with one load.
private var resolutionStateKey: pthread_key_t {
  // NB: acquiring pairs with the releasing exchange in `createResolutionStateKey`, so whatever
  // `pthread_key_create` wrote happens before this thread uses the key.
  let word = ProcessWord.resolutionStateKey.loadAcquiring()
  if word != 0 { return pthread_key_t(truncatingIfNeeded: word &- 1) }
  return createResolutionStateKey()
}

/// Creates the key once: of threads racing here, one publishes its key and the others delete
/// theirs, which no thread ever used, and use the published one.
@inline(never)
private func createResolutionStateKey() -> pthread_key_t {
  let key = makeResolutionStateKey()
  let (exchanged, published) = ProcessWord.resolutionStateKey.compareExchange(
    expected: 0, desired: UInt(key) &+ 1)
  if exchanged { return key }
  pthread_key_delete(key)
  return pthread_key_t(truncatingIfNeeded: published &- 1)
}

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
