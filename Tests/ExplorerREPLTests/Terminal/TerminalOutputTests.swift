import ExplorerREPL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing text to a descriptor completely.
@Suite struct TerminalOutputTests {
  @Test func textLargerThanAPipeArrivesWhole() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (reader, writer) = (ends[0], ends[1])
    defer { close(reader) }
    let text = String(repeating: "日本 line of text\n", count: 20_000)
    let received = Mailbox<[UInt8]>()
    Thread {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += buffer[..<count]
      }
      received.put(bytes)
    }.start()
    try TerminalOutput(descriptor: writer).write(text)
    close(writer)
    let bytes = try #require(received.take(within: PseudoTerminal.patience))
    #expect(bytes == Array(text.utf8))
  }

  @Test func aClosedDescriptorIsAnErrorValue() {
    #expect(throws: TerminalError.systemCall("write", errno: EBADF)) {
      try TerminalOutput(descriptor: -1).write("x")
    }
  }
}
