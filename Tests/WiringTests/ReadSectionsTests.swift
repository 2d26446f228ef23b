import Foundation
import Testing

@testable import Wiring

extension Container {
  fileprivate var read: Factory<Service> { self { Service() } }
}

/// Lock-free reads against writers that release what they unpublished. Serialized: a writer
/// waits for every read in progress, so a read another test holds open would hide a missed one.
@Suite(.serialized) struct ReadSectionsTests {
  @Test func aWriterWaitsForTheReadInProgressToEnd() {
    expectWriteToWaitForARead({ ReadSections.waitForReaders() }, whileWaiting: {})
  }

  /// Registering over an override retires the old one, which a resolution without the lock may
  /// still be reading: it is freed only once the reads in progress have ended.
  @Test func aReplacedOverrideOutlivesTheReadsInProgress() {
    let container = Container()
    weak var captured: Service?
    do {
      let service = Service(name: "captured")
      captured = service
      container.read.register { withExtendedLifetime(service) { Service() } }
    }
    #expect(captured != nil)
    expectWriteToWaitForARead({ container.read.register { Service() } }) {
      #expect(captured != nil, "the old override went while a read was in progress")
    }
    #expect(captured == nil)
  }

  /// A change of the context retires what was published before, which a resolution may still
  /// be reading: it is freed only once the reads in progress have ended.
  @Test func aReplacedContextOutlivesTheReadsInProgress() {
    let store = ContextStore(FactoryContext())
    weak let replaced = store.withPublished { $0 }
    #expect(replaced != nil)
    expectWriteToWaitForARead({ store.update { $0.runtimeArguments["api"] = "stub-api" } }) {
      #expect(replaced != nil, "the old context went while a read was in progress")
    }
    #expect(replaced == nil)
    #expect(store.withPublished { $0.arguments["stub-api"] != nil })
  }

  /// Unlinking readers registered before and after a thread, oldest, newest and in between,
  /// leaves that thread watched. Readers come and go before its read opens: a writer waiting for
  /// that read holds the list, and registering would wait for the writer.
  @Test func readersThatComeAndGoLeaveTheOthersWatched() {
    var before = (0..<3).map { _ in ResolutionState() }
    expectWriteToWaitForARead(
      { ReadSections.waitForReaders() },
      beforeReading: {
        var after = (0..<3).map { _ in ResolutionState() }
        after.remove(at: 1)
        before.removeFirst()
        after.removeAll()
        before.removeAll()
      }, whileWaiting: {})
  }

  @Test func aWriterDoesNotWaitForAReadThatEnded() {
    ReadSection(ResolutionState.current.readCounter).end()
    #expect(aWriterOnAnotherThreadReturns())
  }

  @Test func aSectionDroppedWithoutEndEndsThere() {
    let counter = ResolutionState.current.readCounter
    let before = counter.loadRelaxed()
    do {
      let section = ReadSection(counter)
      #expect(counter.loadRelaxed() == before &+ 1)
      _ = consume section
    }
    #expect(counter.loadRelaxed() == before &+ 2)
    #expect(aWriterOnAnotherThreadReturns())
  }

  /// Whether a writer on another thread gets past `waitForReaders()` within 30 seconds.
  func aWriterOnAnotherThreadReturns() -> Bool {
    let writerReturned = DispatchSemaphore(value: 0)
    Thread {
      ReadSections.waitForReaders()
      writerReturned.signal()
    }.start()
    return writerReturned.wait(timeout: .now() + .seconds(30)) == .success
  }

  /// Runs `write` on a thread of its own while another thread holds a read section open,
  /// expects the writer to wait for the read, and runs `whileWaiting` then; ends the read and
  /// expects the writer to return.
  ///
  /// Both threads make their thread state first; `beforeReading` runs after that and before
  /// the read opens: a thread state made while a writer waits for the read would wait for the
  /// writer, which holds the list of readers.
  func expectWriteToWaitForARead(
    _ write: @escaping @Sendable () -> Void, beforeReading: () -> Void = {},
    whileWaiting: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let writerReady = DispatchSemaphore(value: 0)
    let startWriting = DispatchSemaphore(value: 0)
    let writerReturned = DispatchSemaphore(value: 0)
    Thread {
      _ = ResolutionState.current
      writerReady.signal()
      startWriting.wait()
      write()
      writerReturned.signal()
    }.start()
    writerReady.wait()
    let registered = DispatchSemaphore(value: 0)
    let openRead = DispatchSemaphore(value: 0)
    let reading = DispatchSemaphore(value: 0)
    let endRead = DispatchSemaphore(value: 0)
    Thread {
      let counter = ResolutionState.current.readCounter
      registered.signal()
      openRead.wait()
      let section = ReadSection(counter)
      reading.signal()
      endRead.wait()
      section.end()
    }.start()
    registered.wait()
    beforeReading()
    openRead.signal()
    reading.wait()
    startWriting.signal()
    let waited = writerReturned.wait(timeout: .now() + .milliseconds(100)) == .timedOut
    #expect(waited, "the write did not wait for the read", sourceLocation: sourceLocation)
    whileWaiting()
    endRead.signal()
    if waited {
      #expect(
        writerReturned.wait(timeout: .now() + .seconds(30)) == .success,
        "the write did not return once the read ended", sourceLocation: sourceLocation)
    }
  }
}
