import Foundation
import Testing
import Wiring

/// A non-`Hashable` parameter: recursion with it can only be caught by the depth limit.
private struct Opaque: Sendable { let depth: Int }

extension Container {
  fileprivate var loopA: Factory<Int> { self { self.loopB() + 1 } }
  fileprivate var loopB: Factory<Int> { self { self.loopA() + 1 } }
  fileprivate var selfLoop: Factory<Int> { self { self.selfLoop() } }
  fileprivate var cachedA: Factory<Service> {
    self {
      _ = self.uniqueB()
      return Service()
    }.cached
  }
  fileprivate var uniqueB: Factory<Service> { self { self.cachedA() } }
  fileprivate var tree: ParameterFactory<Int, Int> {
    self { $0 == 0 ? 1 : self.tree($0 - 1) + self.tree($0 - 1) }
  }
  fileprivate var cachedTree: ParameterFactory<Int, Int> {
    self { $0 == 0 ? 1 : self.cachedTree($0 - 1) + 1 }.cached.scopeOnParameters
  }
  fileprivate var stuck: ParameterFactory<Int, Int> { self { self.stuck($0) } }
  fileprivate var opaque: ParameterFactory<Opaque, Int> {
    self { self.opaque(Opaque(depth: $0.depth + 1)) }
  }
  fileprivate var deepChain: ParameterFactory<Int, Int> {
    self { $0 == 0 ? 0 : self.deepChain($0 - 1) + 1 }
  }
}

@Suite struct CycleDetectionTests {
  @Test func reportsATwoFactoryCycleWithItsWholeChain() throws {
    let container = Container()
    let failure = try #require(catchResolutionFailure { container.loopA() }.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain == ["Container.loopA", "Container.loopB", "Container.loopA"])
    #expect(failure.description.contains("Container.loopA → Container.loopB → Container.loopA"))
  }

  @Test func reportsAFactoryThatResolvesItself() throws {
    let failure = try #require(catchResolutionFailure { Container().selfLoop() }.failure)
    #expect(failure.chain == ["Container.selfLoop", "Container.selfLoop"])
  }

  @Test func reportsACycleThroughACachedFactoryInsteadOfWaitingForItself() throws {
    let failure = try #require(catchResolutionFailure { Container().cachedA() }.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain == ["Container.cachedA", "Container.uniqueB", "Container.cachedA"])
  }

  @Test func aParameterTreeIsNotACycle() {
    #expect(Container().tree(10) == 1024)
    #expect(Container().cachedTree(50) == 51)
  }

  @Test func recursionWithTheSameParameterIsACycle() throws {
    let failure = try #require(catchResolutionFailure { Container().stuck(3) }.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain == ["Container.stuck", "Container.stuck"])
  }

  @Test func endlessRecursionWithParametersThatCannotBeComparedStopsAtTheDepthLimit() throws {
    let failure = try #require(
      catchResolutionFailure { Container().opaque(Opaque(depth: 0)) }.failure)
    #expect(failure.kind == .tooDeep)
    #expect(failure.chain.count == 257)
    #expect(failure.description.contains("Container.opaque"))
  }

  @Test func deepButFiniteChainsResolve() {
    #expect(Container().deepChain(200) == 200)
  }

  @Test func theContainerKeepsWorkingAfterAReportedCycle() throws {
    let container = Container()
    _ = catchResolutionFailure { container.cachedA() }
    container.cachedA.register { Service(name: "fixed") }
    #expect(container.cachedA().name == "fixed")
  }
}

extension Result {
  /// The error, when there is one.
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
