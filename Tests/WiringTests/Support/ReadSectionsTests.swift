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
      let counter = ResolutionState.current.readCounter
      ReadSections.begin(counter)
      reading.signal()
      endRead.wait()
      ReadSections.end(counter)
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
    let counter = ResolutionState.current.readCounter
    ReadSections.begin(counter)
    ReadSections.end(counter)
    let writerReturned = DispatchSemaphore(value: 0)
    Thread {
      ReadSections.waitForReaders()
      writerReturned.signal()
    }.start()
    #expect(writerReturned.wait(timeout: .now() + .seconds(30)) == .success)
  }
}
