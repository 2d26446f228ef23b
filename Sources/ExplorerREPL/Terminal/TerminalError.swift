#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Why the terminal layer could not do what was asked.
///
/// Each case describes itself as one line the REPL can print as it is.
package enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The descriptor is not a terminal, so it has no modes to change and no keys to read.
  case notATerminal(descriptor: Int32)
  /// A system call failed with `errno`.
  case systemCall(String, errno: Int32)

  package var description: String {
    switch self {
    case .notATerminal(let descriptor):
      "descriptor \(descriptor) is not a terminal; line editing needs one"
    case .systemCall(let call, let code):
      "\(call) failed: \(String(cString: strerror(code)))"
    }
  }
}
