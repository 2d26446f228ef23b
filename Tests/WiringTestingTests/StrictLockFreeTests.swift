import Foundation
import Testing
import Wiring
import WiringTesting

extension EscapingWorkTests {
  /// Strict checks hold on the lock-free path: hits on instances already kept, and resolutions
  /// while strict tests start and end on other threads.
  @Suite struct StrictLockFreeTests {
    @Test func fallbackToAnInstanceAlreadyKeptIsReported() async {
      let messages = await Self.prepared()
      // Kept before the test starts, so that the resolution below could hit it without a lock.
      _ = await Task.detached { Container.shared.cachedProbe() }.value
      await ContainerIsolation.run(Container.self, test: Self.strictTest(messages)) { _ in
        let probe = await Task.detached { Container.shared.cachedProbe() }.value
        #expect(probe.id == declaredID)
      }
      #expect(messages.update { $0.contains { $0.contains("cachedProbe") } })
    }

    @Test func strictTestsStartingAndEndingWhileThreadsResolve() async {
      let messages = await Self.prepared()
      let stop = Mutexed(false)
      let wrong = Mutexed(0)
      let resolved = Mutexed(0)
      // Threads of their own, not the dispatch pool's, which the tasks below need.
      let resolvers = DispatchGroup()
      for thread in 0..<4 {
        resolvers.enter()
        Thread {
          var step = 0
          while !stop.update({ $0 }) {
            let id =
              switch (thread + step) % 3 {
              case 0: Container.shared.uniqueProbe().id
              case 1: Container.shared.cachedProbe().id
              default: Container.shared.caseID()
              }
            if id != declaredID { wrong.update { $0 += 1 } }
            resolved.update { $0 += 1 }
            step += 1
          }
          resolvers.leave()
        }.start()
      }
      // Each strict test lasts until the threads resolved a few hundred times, and so does
      // each gap between two of them.
      func progress() async {
        let start = resolved.update { $0 }
        while resolved.update({ $0 }) < start + 300 { await Task.yield() }
      }
      for _ in 0..<20 {
        await ContainerIsolation.run(Container.self, test: Self.strictTest(messages)) { _ in
          await progress()
        }
        await progress()
      }
      stop.update { $0 = true }
      await withCheckedContinuation { done in
        resolvers.notify(queue: .global()) { done.resume() }
      }
      #expect(wrong.update { $0 } == 0)
      #expect(await Task.detached { Container.shared.cachedProbe().id }.value == declaredID)
    }

    @Test func queuedReportIsDeliveredAtTheNextLockFreeResolutionInTheTest() async {
      _ = await Self.prepared()
      let delivered = Mutexed<[String]>([])
      let test = IsolatedTest.Identity(
        id: "nextResolution", name: "nextResolutionTest()", strict: true,
        report: { message in
          // Accepted only in the test's own task, like a test framework's issues.
          guard Self.insideTest else { return false }
          delivered.update { $0.append(message) }
          return true
        })
      await Self.$insideTest.withValue(true) {
        await ContainerIsolation.run(Container.self, test: test) { container in
          // Built once, so that the resolutions below are lock-free hits.
          _ = container.cachedProbe()
          _ = await Task.detached { Container.shared.caseID() }.value
          #expect(delivered.update { $0.isEmpty })
          _ = container.cachedProbe()
          #expect(delivered.update { $0.count } == 1)
        }
      }
    }

    @TaskLocal static var insideTest = false

    /// Installs what strict tests need, and returns where a strict test's reports go.
    static func prepared() async -> Mutexed<[String]> {
      StrictMonitor.setTestProbe { Test.current != nil }
      await StrictMonitor.learnProcessWide(Container.self)
      return Mutexed([])
    }

    static func strictTest(_ messages: Mutexed<[String]>) -> IsolatedTest.Identity {
      IsolatedTest.Identity(
        id: "strictWatch", name: "strictWatchTest()", strict: true,
        report: { message in
          messages.update { $0.append(message) }
          return true
        })
    }
  }
}
