#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Writes text to a file descriptor completely, in as few system calls as it takes.
///
/// A write that is interrupted by a signal is retried, and a short write continues where it
/// stopped, so a caller that hands over one string gets it on the screen as one piece: that is
/// what keeps a redraw free of flicker.
///
/// ```swift
/// try TerminalOutput.standardOutput.write("\r\u{1B}[K› ")
/// ```
package struct TerminalOutput: Sendable {
  /// The descriptor written to.
  package let descriptor: Int32

  /// Standard output.
  package static let standardOutput = TerminalOutput(descriptor: STDOUT_FILENO)

  /// Standard error.
  package static let standardError = TerminalOutput(descriptor: STDERR_FILENO)

  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Writes all of `text` as UTF-8.
  package func write(_ text: String) throws(TerminalError) {
    try write(bytes: Array(text.utf8))
  }

  private func write(bytes: [UInt8]) throws(TerminalError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        Self.systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN: waitUntilWritable()
      case let code: throw .systemCall("write", errno: code)
      }
    }
  }

  /// Blocks until a descriptor someone made non-blocking can take more bytes.
  private func waitUntilWritable() {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    _ = poll(&request, 1, -1)
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
    #endif
  }
}
