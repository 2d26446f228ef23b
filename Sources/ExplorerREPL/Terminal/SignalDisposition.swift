#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What the process does with a signal, as `signal(2)` sets and returns it.
struct SignalDisposition: @unchecked Sendable {
  // NB: `@unchecked` is sound because the only stored value is a C function pointer (or one
  // of the constants `SIG_DFL`, `SIG_IGN`), which is immutable and has no state to share.
  #if canImport(Glibc)
  typealias Handler = sighandler_t
  #elseif canImport(Darwin)
  typealias Handler = sig_t
  #endif

  /// The handler, or `nil` for the default disposition.
  let handler: Handler?

  /// The default disposition, which for SIGINT and SIGTERM ends the process.
  static let standard = SignalDisposition(handler: nil)

  /// Makes `disposition` the one of `signal` and returns the one it replaced.
  @discardableResult
  static func swap(_ signal: Int32, to disposition: SignalDisposition) -> SignalDisposition {
    #if canImport(Glibc)
    SignalDisposition(handler: Glibc.signal(signal, disposition.handler))
    #elseif canImport(Darwin)
    SignalDisposition(handler: Darwin.signal(signal, disposition.handler))
    #endif
  }

  /// Whether this is the default disposition.
  var isStandard: Bool { handler == nil }

  /// Whether the two name the same handler, or are both the default.
  func isSame(as other: SignalDisposition) -> Bool {
    handler.map(Self.address(of:)) == other.handler.map(Self.address(of:))
  }

  /// Makes this the disposition of `signal` again.
  func reinstate(_ signal: Int32) {
    Self.swap(signal, to: self)
  }

  private static func address(of handler: Handler) -> UnsafeRawPointer {
    unsafeBitCast(handler, to: UnsafeRawPointer.self)
  }
}
