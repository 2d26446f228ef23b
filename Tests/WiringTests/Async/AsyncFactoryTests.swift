import Testing
import Wiring

/// Stands for something that can only be made with `await`.
private func opened(_ name: String) async -> Service {
  await Task.yield()
  return Service(name: name)
}

extension Container {
  fileprivate var asyncUnique: AsyncFactory<Service> { self { await opened("unique") } }
  fileprivate var asyncCached: AsyncFactory<Service> { self { await opened("cached") }.cached }
  fileprivate var asyncSingleton: AsyncFactory<Service> {
    self { await opened("singleton") }.singleton
  }
  fileprivate var asyncBriefSingleton: AsyncFactory<Service> {
    self { await opened("brief singleton") }.singleton.timeToLive(0.05)
  }
  fileprivate var asyncGraphPart: AsyncFactory<Service> { self { await opened("part") }.graph }
  fileprivate var asyncGraphWhole: AsyncFactory<[Service]> {
    self {
      async let left = self.asyncGraphPart()
      let right = await self.asyncGraphPart()
      return [await left, right]
    }
  }
  fileprivate var asyncThrowing: AsyncThrowingFactory<Service> {
    self {
      try await Task.sleep(nanoseconds: 0)
      return Service(name: "thrown?")
    }.cached
  }
  fileprivate var asyncPromised: AsyncFactory<Service> { promised() }
  fileprivate func asyncDecorated(_ scope: Scope, _ log: InstanceLog) -> AsyncFactory<Service> {
    AsyncFactory(self, key: "asyncFactoryTests.decorated") { await opened("declared") }
      .scope(scope).decorator { log.record($0) }
  }
  fileprivate func asyncShared(_ runs: Counter) -> AsyncFactory<Service> {
    AsyncFactory(self, key: "asyncFactoryTests.shared") {
      await opened("shared \(runs.increment())")
    }.shared
  }
  fileprivate func asyncGraphCounted(_ runs: Counter) -> AsyncFactory<Service> {
    AsyncFactory(self, key: "asyncFactoryTests.graphCounted") {
      await opened("part \(runs.increment())")
    }.graph
  }
  /// Resolves the same `.graph` factory twice, one after the other.
  fileprivate func asyncGraphInTurn(_ runs: Counter) -> AsyncFactory<[Service]> {
    AsyncFactory(self, key: "asyncFactoryTests.graphInTurn") {
      let first = await self.asyncGraphCounted(runs)()
      return [first, await self.asyncGraphCounted(runs)()]
    }
  }
  fileprivate var syncLeaf: Factory<Service> { self { Service(name: "sync") }.cached }
  fileprivate var asyncOverSync: AsyncFactory<String> {
    self {
      await Task.yield()
      return self.syncLeaf().name
    }
  }
}

@Suite struct AsyncFactoryTests {
  @Test(arguments: ResolvePath.allCases)
  func uniqueBuildsOnEveryResolution(path: ResolvePath) async {
    await path.runAsync {
      let container = path.container()
      let (first, second) = (await container.asyncUnique(), await container.asyncUnique())
      #expect(first !== second)
      #expect(first.name == "unique")
    }
  }

  @Test func cachedKeepsOneInstancePerContainer() async {
    let container = Container()
    let first = await container.asyncCached()
    #expect(await container.asyncCached() === first)
    #expect(await Container().asyncCached() !== first)
  }

  // Singletons are process-wide and other suites reset them, so this runs in a child process.
  @Test func singletonIsSharedByEveryContainerUntilReset() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      let first = await container.asyncSingleton()
      #expect(await Container().asyncSingleton() === first)
      container.manager.reset(scope: .singleton)
      #expect(await container.asyncSingleton() !== first)
    }
  }

  @Test func aSingletonWithATimeToLiveIsSharedByEveryContainerUntilItExpires() async {
    await #expect(processExitsWith: .success) {
      let first = await Container().asyncBriefSingleton()
      #expect(await Container().asyncBriefSingleton() === first)
      try? await Task.sleep(nanoseconds: 200_000_000)
      #expect(await Container().asyncBriefSingleton() !== first)
    }
  }

  @Test(arguments: ResolvePath.allCases)
  func graphSharesOneInstanceWithinATopLevelResolutionAndItsChildTasks(path: ResolvePath) async {
    await path.runAsync {
      let container = path.container()
      let first = await container.asyncGraphWhole()
      let second = await container.asyncGraphWhole()
      #expect(first[0] === first[1])
      #expect(first[0] !== second[0])
    }
  }

  @Test func aThrowingFactoryResolvesWithTry() async throws {
    let container = Container()
    let first = try await container.asyncThrowing()
    #expect(try await container.asyncThrowing() === first)
  }

  @Test func registerOverridesAndResetGoesBackToTheDeclaration() async {
    let container = Container()
    container.asyncCached.register { Service(name: "fake") }
    #expect(await container.asyncCached().name == "fake")
    container.asyncCached.reset()
    #expect(await container.asyncCached().name == "cached")
  }

  @Test func anOverrideMayAwaitAndTakeItsOwnScope() async {
    let container = Container()
    container.asyncUnique.register { await opened("override") }.scope(.cached)
    let first = await container.asyncUnique()
    #expect(first.name == "override")
    #expect(await container.asyncUnique() === first)
  }

  @Test func resetOfTheScopeBuildsAgain() async {
    let container = Container()
    let first = await container.asyncCached()
    container.asyncCached.reset(.scope)
    #expect(await container.asyncCached() !== first)
    let second = await container.asyncCached()
    container.manager.reset(scope: .cached)
    #expect(await container.asyncCached() !== second)
  }

  @Test func pushAndPopRestoreRegistrationsAndInstances() async {
    let container = Container()
    let kept = await container.asyncCached()
    container.manager.push()
    container.asyncCached.register { Service(name: "pushed") }
    #expect(await container.asyncCached().name == "pushed")
    container.manager.pop()
    #expect(await container.asyncCached() === kept)
  }

  @Test func aPromisedFactoryResolvesOnceRegistered() async {
    let container = Container()
    container.asyncPromised.register { await opened("registered") }
    #expect(await container.asyncPromised().name == "registered")
  }

  @Test func aPromisedFactoryWithoutRegistrationIsReportedWithItsName() async throws {
    let container = Container()
    let outcome = await catchAsyncResolutionFailure { await container.asyncPromised() }
    let failure = try #require(outcome.failure)
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == ["Container.asyncPromised"])
  }

  @Test func anAsyncBuilderResolvesSynchronousFactories() async {
    let container = Container()
    #expect(await container.asyncOverSync() == "sync")
    #expect(container.syncLeaf().name == "sync")
  }

  @Test func resolvesFromTheTaskLocalSharedContainer() async {
    let isolated = Container()
    isolated.asyncCached.register { Service(name: "isolated") }
    let name = await Container.$shared.withValue(isolated) {
      await Container.shared.asyncCached().name
    }
    #expect(name == "isolated")
  }

  @Test(arguments: [Scope.unique, .cached])
  func theDeclaredDecoratorDecoratesARegisteredOverride(scope: Scope) async {
    let log = InstanceLog()
    let container = Container()
    container.asyncDecorated(scope, log).register { await opened("override") }
    let resolved = await container.asyncDecorated(scope, log)()
    #expect(resolved.name == "override")
    #expect(log.services.count == 1)
    #expect(log.services.first === resolved)
  }

  /// A `.shared` instance is kept while someone holds it, and built again once nobody does.
  @Test func sharedKeepsTheInstanceOnlyWhileItIsHeld() async {
    let container = Container()
    let runs = Counter()
    weak var released: Service?
    do {
      let held = await container.asyncShared(runs)()
      #expect(await container.asyncShared(runs)() === held)
      #expect(held.name == "shared 1")
      released = held
    }
    // The task that built the instance may still be letting go of it.
    #expect(await eventually { released == nil })
    #expect(await container.asyncShared(runs)().name == "shared 2")
    #expect(runs.value == 2)
  }

  /// A `.graph` factory resolved again later in the same resolution finds the instance kept
  /// for it, and a new resolution builds a new one.
  @Test func aGraphInstanceIsFoundAgainLaterInTheSameResolution() async {
    let container = Container()
    let runs = Counter()
    let first = await container.asyncGraphInTurn(runs)()
    #expect(first[0] === first[1])
    #expect(runs.value == 1)
    let second = await container.asyncGraphInTurn(runs)()
    #expect(second[0] !== first[0])
    #expect(runs.value == 2)
  }
}
