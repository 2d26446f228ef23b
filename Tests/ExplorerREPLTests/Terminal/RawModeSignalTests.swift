import ExplorerREPL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessSignalTests {
  /// A process killed while its terminal is raw leaves the terminal as it found it.
  ///
  /// The process that dies is a second copy of this test binary running only
  /// ``childEntersRawModeAndIsKilled()``, with the pseudo-terminal as its standard input.
  @Suite struct RawModeSignalTests {
    static let childVariable = "RAW_MODE_CHILD_SIGNAL"
    static let rawMarker = "raw mode entered"

    /// Only in the child: raw mode on standard input, a line saying so, then the signal.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
    func childEntersRawModeAndIsKilled() throws {
      let signal = try #require(
        ProcessInfo.processInfo.environment[Self.childVariable].flatMap {
          Int32($0)
        })
      let raw = try RawMode.enter(descriptor: STDIN_FILENO)
      try TerminalOutput(descriptor: STDIN_FILENO).write(Self.rawMarker)
      kill(getpid(), signal)
      // Never restored here: only the signal handler may put the terminal back.
      sleep(UInt32(PseudoTerminal.patience) * 2)
      Issue.record("still alive after signal \(signal) in raw mode on \(raw.descriptor)")
    }

    #if os(Linux)
    @Test(arguments: [SIGTERM, SIGINT])
    func aKilledProcessLeavesTheTerminalAsItFoundIt(signal: Int32) throws {
      let pty = try PseudoTerminal()
      let before = try RawModeTests().mode(of: pty.terminal)
      let child = Process()
      child.executableURL =
        Bundle.main.executableURL
        ?? URL(fileURLWithPath: CommandLine.arguments[0])
      child.arguments = [
        "--testing-library", "swift-testing", "--filter", "childEntersRawModeAndIsKilled",
      ]
      child.environment = ProcessInfo.processInfo.environment
        .merging([Self.childVariable: "\(signal)"]) { $1 }
      child.standardInput = FileHandle(fileDescriptor: pty.terminal, closeOnDealloc: false)
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      let exited = DispatchSemaphore(value: 0)
      child.terminationHandler = { _ in exited.signal() }
      try child.run()
      #expect(pty.readScreen(untilItContains: Self.rawMarker))
      guard exited.wait(timeout: .now() + PseudoTerminal.patience) == .success else {
        child.terminate()
        Issue.record("the child did not die of signal \(signal)")
        return
      }
      #expect(child.terminationReason == .uncaughtSignal)
      #expect(child.terminationStatus == signal)
      let after = try RawModeTests().mode(of: pty.terminal)
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
    }
    #endif
  }
}
