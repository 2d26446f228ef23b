import Testing
import Wiring

extension Container {
  fileprivate var cycleA: Factory<Int> { self { self.cycleB() + 1 } }
  fileprivate var cycleB: Factory<Int> { self { self.cycleA() + 1 } }
}

@Suite struct ResolutionFailureTests {
  @Test func trapsWithTheWholeChainInAnApp() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Container().cycleA()
    }
    let stderr = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(stderr.contains("Container.cycleA → Container.cycleB → Container.cycleA"))
  }
}
