import Foundation
import Testing
import Wiring

/// Makes two cached builds overlap so each needs what the other is building.
private final class Crossing: Sendable {
  let leftStarted = DispatchSemaphore(value: 0)
  let rightStarted = DispatchSemaphore(value: 0)
}

extension Container {
  fileprivate func crossLeft(_ crossing: Crossing) -> Factory<Int> {
    Factory(self, key: "crossLeft") {
      crossing.leftStarted.signal()
      _ = crossing.rightStarted.wait(timeout: .now() + 10)
      return self.crossRight(crossing)() + 1
    }.cached
  }

  fileprivate func crossRight(_ crossing: Crossing) -> Factory<Int> {
    Factory(self, key: "crossRight") {
      crossing.rightStarted.signal()
      _ = crossing.leftStarted.wait(timeout: .now() + 10)
      return self.crossLeft(crossing)() + 1
    }.cached
  }
}

@Suite struct CrossThreadCycleTests {
  @Test func cachedBuildsWaitingOnEachOtherReportACycleInsteadOfDeadlocking() throws {
    let container = Container()
    let crossing = Crossing()
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
