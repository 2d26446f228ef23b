import Foundation
import Testing

@testable import Wiring

/// Lock-free reads against writers that release what they unpublished.
@Suite struct ReadSectionsTests {
  @Test func aWriterWaitsForTheReadInProgressToEnd() {
    let reading = DispatchSemaphore(value: 0)
    let endRead = DispatchSemaphore(value: 0)
    let writerReturned = DispatchSemaphore(value: 0)
    Thread {
      let section = ReadSection(ResolutionState.current.readCounter)
      reading.signal()
      endRead.wait()
      section.end()
    }.start()
    reading.wait()
    Thread {
      ReadSections.waitForReaders()
      writerReturned.signal()
    }.start()

    #expect(writerReturned.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
    endRead.signal()
    #expect(writerReturned.wait(timeout: .now() + .seconds(30)) == .success)
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
}
