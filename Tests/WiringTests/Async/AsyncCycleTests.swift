import Testing
import Wiring

extension Container {
  fileprivate var awaitsItself: AsyncFactory<Int> { self { await self.awaitsItself() } }
  fileprivate var cachedAwaitsItself: AsyncFactory<Int> {
    self { await self.cachedAwaitsItself() }.cached
  }
  fileprivate var ping: AsyncFactory<Int> { self { await self.pong() }.cached }
  fileprivate var pong: AsyncFactory<Int> { self { await self.ping() } }
  fileprivate var childTaskLoop: AsyncThrowingFactory<Int> {
    self {
      async let again = self.childTaskLoop()
      return try await again
    }.singleton
  }
}

extension Container {
  /// A builder that asks `catchAsyncResolutionFailure` for its own factory.
  fileprivate func catchesItselfAsync(_ scope: Scope) -> AsyncFactory<String> {
    AsyncFactory(self, key: "catchesItselfAsync") {
      switch await catchAsyncResolutionFailure({ await self.catchesItselfAsync(scope)() }) {
      case .success(let name): name
      case .failure(let failure): "\(failure.kind): " + failure.chain.joined(separator: " → ")
      }
    }.scope(scope)
  }
}

/// A type one level deeper than `Inner`, so that each level of `nested` has a key of its own.
private struct Nest<Inner>: Sendable {}

extension Container {
  /// Resolves itself one type deeper, without end: no key repeats, so no cycle is found.
  fileprivate func nested<T>(_: T.Type) -> AsyncFactory<Nest<T>> {
    AsyncFactory(self, key: "asyncCycleTests.nested") {
      _ = await self.nested(Nest<T>.self)()
      return Nest()
    }
  }
}

/// Two kept factories whose builders each wait for the other to have started, then resolve it:
/// started from two tasks, each build waits for the other.
private final class CrossContainer: SharedContainer {
  @TaskLocal static var shared = CrossContainer()
  let manager = ContainerManager()
  let leftStarted = AsyncGate()
  let rightStarted = AsyncGate()

  var left: AsyncFactory<Int> {
    self {
      self.leftStarted.open()
      await self.rightStarted.wait()
      return await self.right() + 1
    }.cached
  }
  var right: AsyncFactory<Int> {
    self {
      self.rightStarted.open()
      await self.leftStarted.wait()
      return await self.left() + 1
    }.cached
  }
}

@Suite struct AsyncCycleTests {
  @Test func aUniqueFactoryThatAwaitsItselfIsACycle() async throws {
    let container = Container()
    let outcome = await catchAsyncResolutionFailure { await container.awaitsItself() }
    let failure = try #require(outcome.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain == ["Container.awaitsItself", "Container.awaitsItself"])
  }

  @Test func aCachedFactoryThatAwaitsItselfIsACycleNotADeadlock() async throws {
    let container = Container()
    let outcome = await catchAsyncResolutionFailure { await container.cachedAwaitsItself() }
    let failure = try #require(outcome.failure)
    #expect(failure.chain == ["Container.cachedAwaitsItself", "Container.cachedAwaitsItself"])
  }

  @Test func aCycleThroughAnotherFactoryReportsTheWholeChain() async throws {
    let container = Container()
    let outcome = await catchAsyncResolutionFailure { await container.ping() }
    let failure = try #require(outcome.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain == ["Container.ping", "Container.pong", "Container.ping"])
  }

  @Test func aCycleThroughAChildTaskIsACycle() async throws {
    let container = Container()
    defer { container.manager.reset(scope: .singleton) }
    let outcome = await catchAsyncResolutionFailure { try? await container.childTaskLoop() }
    let failure = try #require(outcome.failure)
    #expect(failure.chain == ["Container.childTaskLoop", "Container.childTaskLoop"])
  }

  @Test func twoTasksWhoseBuildsAwaitEachOtherGetACycleInsteadOfADeadlock() async throws {
    let container = CrossContainer()
    async let left = catchAsyncResolutionFailure { await container.left() }
    async let right = catchAsyncResolutionFailure { await container.right() }
    let failures = [await left, await right].compactMap(\.failure)
    #expect(failures.count == 2)
    let cycle = try #require(failures.first { $0.kind == .cycle })
    #expect(Set(cycle.chain) == ["CrossContainer.left", "CrossContainer.right"])
    #expect(cycle.chain.first == cycle.chain.last)
  }

  @Test func theContainerKeepsWorkingAfterAReportedCycle() async {
    let container = Container()
    _ = await catchAsyncResolutionFailure { await container.ping() }
    container.pong.register { 7 }
    #expect(await container.ping() == 7)
  }

  @Test func endlessNestingWithoutARepeatedKeyStopsAtTheDepthLimit() async throws {
    let outcome = await catchAsyncResolutionFailure { _ = await Container().nested(Int.self)() }
    let failure = try #require(outcome.failure)
    #expect(failure.kind == .tooDeep)
    #expect(failure.chain.count == 257)
    #expect(failure.chain.allSatisfy { $0 == "Container.asyncCycleTests.nested" })
  }

  /// The body's cycle is the caller's to handle: it no longer failed the build around the call,
  /// whose own caller then trapped.
  @Test(arguments: [Scope.unique, .cached])
  func aBuilderThatCatchesItsOwnFactoryGetsTheCycleAndFinishes(scope: Scope) async {
    let name = await Container().catchesItselfAsync(scope)()
    #expect(name == "cycle: Container.catchesItselfAsync → Container.catchesItselfAsync")
  }
}
