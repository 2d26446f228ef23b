import ExplorerREPL
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessSignalTests {
  /// Ctrl-C as a callback, sent here as a real SIGINT to this process.
  @Suite struct InterruptWatcherTests {
    @Test func aSigintCallsTheCallbackInsteadOfEndingTheProcess() throws {
      let calls = Mailbox<Int32>()
      let watcher = InterruptWatcher { calls.put(SIGINT) }
      watcher.start()
      defer { watcher.stop() }
      #expect(watcher.isWatching)
      kill(getpid(), SIGINT)
      #expect(calls.take(within: PseudoTerminal.patience) == SIGINT)
    }

    @Test func stoppingPutsBackTheDispositionSigintHadBefore() throws {
      let before = RawModeTests().disposition(of: SIGINT)
      let watcher = InterruptWatcher {}
      watcher.start()
      watcher.start()
      #expect(RawModeTests().disposition(of: SIGINT) != before)
      watcher.stop()
      watcher.stop()
      #expect(!watcher.isWatching)
      #expect(RawModeTests().disposition(of: SIGINT) == before)
    }

    @Test func ctrlCCancelsTheRunningOperation() async throws {
      let (started, starting) = AsyncStream.makeStream(of: Void.self)
      let request = Task {
        try await InterruptWatcher.cancellingOnInterrupt {
          starting.yield()
          try await Task.sleep(nanoseconds: UInt64(PseudoTerminal.patience * 1e9))
          return "finished"
        }
      }
      for await _ in started { break }
      kill(getpid(), SIGINT)
      await #expect(throws: CancellationError.self) { try await request.value }
    }

    @Test func anOperationThatFinishesIsNotDisturbed() async throws {
      let value = try await InterruptWatcher.cancellingOnInterrupt { 42 }
      #expect(value == 42)
    }
  }
}
