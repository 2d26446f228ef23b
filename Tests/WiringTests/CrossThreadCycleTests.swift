import Foundation
import Testing
import Wiring

extension Container {
  fileprivate func crossLeft(_ crossing: Rendezvous) -> Factory<Int> {
    Factory(self, key: "crossLeft") {
      crossing.leftArrives()
      return self.crossRight(crossing)() + 1
    }.cached
  }

  fileprivate func crossRight(_ crossing: Rendezvous) -> Factory<Int> {
    Factory(self, key: "crossRight") {
      crossing.rightArrives()
      return self.crossLeft(crossing)() + 1
    }.cached
  }
}

extension Container {
  /// A cached build that meets `joinedOuter`'s start, then takes long enough for that build to
  /// be waiting for this one.
  fileprivate func joinedInner(_ crossing: Rendezvous) -> Factory<Int> {
    Factory(self, key: "joinedInner") {
      crossing.leftArrives()
      Thread.sleep(forTimeInterval: 0.005)
      return 1
    }.cached
  }

  fileprivate func joinedOuter(_ crossing: Rendezvous) -> Factory<Int> {
    Factory(self, key: "joinedOuter") {
      crossing.rightArrives()
      return self.joinedInner(crossing)() + 1
    }.cached
  }
}

@Suite struct CrossThreadCycleTests {
  /// One thread builds `inner`, then resolves `outer`; the other builds `outer`, which waits for
  /// that `inner`. When `inner` is done the first thread goes on to wait for `outer` before the
  /// second has woken from its finished wait: a wait for a finished build blocks nobody, so
  /// this is no cycle.
  @Test func waitingForABuildWhoseOwnerWaitedForAFinishedBuildIsNoCycle() {
    let failures = Mutexed<[ResolutionFailure]>([])
    for _ in 0..<20 {
      let container = Container()
      let crossing = Rendezvous()
      onThreads(2) { index in
        let outcome = catchResolutionFailure {
          index == 0
            ? container.joinedInner(crossing)() + container.joinedOuter(crossing)()
            : container.joinedOuter(crossing)()
        }
        if case .failure(let failure) = outcome { failures.update { $0.append(failure) } }
      }
    }
    #expect(failures.read { $0 }.map(\.description) == [])
  }

  @Test func cachedBuildsWaitingOnEachOtherReportACycleInsteadOfDeadlocking() throws {
    let container = Container()
    let crossing = Rendezvous()  // makes the two cached builds overlap
    let outcomes = Mutexed<[Result<Int, ResolutionFailure>]>([])
    onThreads(2) { index in
      let outcome = catchResolutionFailure {
        index == 0 ? container.crossLeft(crossing)() : container.crossRight(crossing)()
      }
      outcomes.update { $0.append(outcome) }
    }
    let failures = outcomes.read { $0 }.compactMap(\.failure)
    #expect(failures.count == 2)
    let cycle = try #require(failures.first { $0.kind == .cycle })
    #expect(Set(cycle.chain) == ["Container.crossLeft", "Container.crossRight"])
    #expect(cycle.chain.first == cycle.chain.last)
    #expect(failures.contains { $0.kind == .dependencyFailed })
  }
}
