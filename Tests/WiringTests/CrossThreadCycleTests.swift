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

@Suite struct CrossThreadCycleTests {
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
