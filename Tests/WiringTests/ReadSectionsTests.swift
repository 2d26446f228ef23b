import Foundation
import Testing

@testable import Wiring

/// Lock-free reads against writers that release what they unpublished. Serialized: a writer
/// waits for every read in progress, so a read another test holds open would hide a missed one.
@Suite(.serialized) struct ReadSectionsTests {
  @Test func aWriterWaitsForTheReadInProgressToEnd() {
    let reading = DispatchSemaphore(value: 0)
    let endRead = DispatchSemaphore(value: 0)
    Thread {
      let section = ReadSection(ResolutionState.current.readCounter)
      reading.signal()
      endRead.wait()
      section.end()
    }.start()
    reading.wait()
    expectAWriterToWait(untilReadEnds: endRead)
  }

  /// Unlinking readers registered before and after a thread, oldest, newest and in between,
  /// leaves that thread watched. Readers come and go before its read opens: a writer waiting for
  /// that read holds the list, and registering would wait for the writer.
  @Test func readersThatComeAndGoLeaveTheOthersWatched() {
    var before = (0..<3).map { _ in ResolutionState() }
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
    var after = (0..<3).map { _ in ResolutionState() }
    after.remove(at: 1)
    before.removeFirst()
    after.removeAll()
    before.removeAll()
    openRead.signal()
    reading.wait()
    expectAWriterToWait(untilReadEnds: endRead)
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

  /// Starts a writer on another thread, expects it to wait while the read is open, then ends the
  /// read by signalling `endRead` and expects the writer to return.
  func expectAWriterToWait(untilReadEnds endRead: DispatchSemaphore) {
    let writerReturned = DispatchSemaphore(value: 0)
    Thread {
      ReadSections.waitForReaders()
      writerReturned.signal()
    }.start()
    #expect(writerReturned.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
    endRead.signal()
    #expect(writerReturned.wait(timeout: .now() + .seconds(30)) == .success)
  }
}
