import Foundation
import Testing

@testable import Wiring

/// Every latch shares one mutex and condition: opening one wakes the waiters of all, and each
/// must go back to sleep until its own latch opens.
@Suite struct LatchTests {
  @Test func aWaiterSleepsThroughOtherLatchesOpeningAndReturnsItsOwnValue() {
    let mine = Latch<Int>()
    let returned = Mutexed<Int?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      let value = mine.wait()
      returned.update { $0 = value }
      done.signal()
    }.start()

    for value in 0..<20 { Latch<Int>().open(with: value) }
    #expect(done.wait(timeout: .now() + 0.2) == .timedOut, "woken by another latch")
    #expect(returned.read { $0 } == nil)

    mine.open(with: 42)
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(returned.read { $0 } == 42)
  }

  @Test func theFirstOpenWinsAndPeekSeesOnlyAnOpenLatch() {
    let latch = Latch<Int>()
    #expect(latch.peek() == nil)
    latch.open(with: 1)
    latch.open(with: 2)
    #expect(latch.peek() == 1)
    #expect(latch.wait() == 1)
  }

  @Test func manyWaitersOnManyLatchesEachGetTheirOwnValue() {
    let latches = (0..<8).map { _ in Latch<Int>() }
    let results = Mutexed<[Int: Int]>([:])
    let group = DispatchGroup()
    for (index, latch) in latches.enumerated() {
      for _ in 0..<3 {
        group.enter()
        Thread {
          let value = latch.wait()
          results.update { $0[index, default: 0] += value == index * 10 ? 1 : 0 }
          group.leave()
        }.start()
      }
    }
    for (index, latch) in latches.enumerated().reversed() { latch.open(with: index * 10) }
    #expect(group.wait(timeout: .now() + 10) == .success)
    #expect(results.read { $0 } == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 3) }))
  }
}
