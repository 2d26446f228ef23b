#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

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
