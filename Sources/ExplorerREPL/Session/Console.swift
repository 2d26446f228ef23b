#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Where the explorer writes: results to standard output, errors to standard error.
package protocol Console: AnyObject {
  /// Writes `line` and a line break to standard output.
  func out(_ line: String)
  /// Writes `line` and a line break to standard error.
  func err(_ line: String)
  /// Writes `text` as it is to standard output: a prompt.
  func write(_ text: String)
}

/// The process's own standard output and error, written straight to their descriptors so
/// nothing waits in a buffer when the process exits or a prompt is drawn.
package final class StandardConsole: Console {
  package init() {}

  package func out(_ line: String) { Self.write(line + "\n", to: STDOUT_FILENO) }
  package func err(_ line: String) { Self.write(line + "\n", to: STDERR_FILENO) }
  package func write(_ text: String) { Self.write(text, to: STDOUT_FILENO) }

  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
