import ExplorerREPL
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessSignalTests {
  /// Entering and leaving raw mode on a pseudo-terminal.
  @Suite struct RawModeTests {
    func mode(of descriptor: Int32) throws -> termios {
      var mode = termios()
      try #require(tcgetattr(descriptor, &mode) == 0)
      return mode
    }

    /// The disposition of `signal` right now, as an address (`nil` is the default).
    func disposition(of signal: Int32) -> UnsafeRawPointer? {
      let current = swapDisposition(signal, nil)
      _ = swapDisposition(signal, current)
      return current.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
    }

    @Test func rawModeTurnsOffEchoLinesAndSignalsButKeepsOutputProcessing() throws {
      let pty = try PseudoTerminal()
      let raw = try RawMode.enter(descriptor: pty.terminal)
      defer { raw.restore() }
      let mode = try mode(of: pty.terminal)
      #expect(mode.c_lflag & tcflag_t(ECHO) == 0)
      #expect(mode.c_lflag & tcflag_t(ICANON) == 0)
      #expect(mode.c_lflag & tcflag_t(ISIG) == 0)
      #expect(mode.c_lflag & tcflag_t(IEXTEN) == 0)
      #expect(mode.c_iflag & tcflag_t(ICRNL) == 0)
      #expect(mode.c_iflag & tcflag_t(IXON) == 0)
      #expect(mode.c_oflag & tcflag_t(OPOST) != 0)
    }

    @Test func restoringPutsBackTheModeItFound() throws {
      let pty = try PseudoTerminal()
      let before = try mode(of: pty.terminal)
      let cooked = tcflag_t(ECHO | ICANON | ISIG)
      try #require(before.c_lflag & cooked == cooked)
      try RawMode.enter(descriptor: pty.terminal).restore()
      let after = try mode(of: pty.terminal)
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
      #expect(after.c_oflag == before.c_oflag)
      #expect(after.c_cflag == before.c_cflag)
    }

    @Test func whileRawTerminatingSignalsAreCaughtToRestoreTheTerminal() throws {
      try #require(disposition(of: SIGTERM) == nil)
      let pty = try PseudoTerminal()
      let raw = try RawMode.enter(descriptor: pty.terminal)
      #expect(disposition(of: SIGTERM) != nil)
      #expect(disposition(of: SIGINT) != nil)
      raw.restore()
      #expect(disposition(of: SIGTERM) == nil)
      #expect(disposition(of: SIGINT) == nil)
    }

    @Test func aSignalSomeoneElseHandlesIsLeftToThem() throws {
      let watcher = InterruptWatcher {}
      watcher.start()
      defer { watcher.stop() }
      let watched = disposition(of: SIGINT)
      let pty = try PseudoTerminal()
      let raw = try RawMode.enter(descriptor: pty.terminal)
      #expect(disposition(of: SIGINT) == watched)
      raw.restore()
      #expect(disposition(of: SIGINT) == watched)
    }

    @Test func aPipeIsNotATerminal() throws {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      defer { ends.forEach { close($0) } }
      #expect(throws: TerminalError.notATerminal(descriptor: ends[0])) {
        try RawMode.enter(descriptor: ends[0])
      }
    }
  }
}

#if canImport(Glibc)
func swapDisposition(_ signal: Int32, _ handler: sighandler_t?) -> sighandler_t? {
  Glibc.signal(signal, handler)
}
#elseif canImport(Darwin)
func swapDisposition(_ signal: Int32, _ handler: sig_t?) -> sig_t? {
  Darwin.signal(signal, handler)
}
#endif
