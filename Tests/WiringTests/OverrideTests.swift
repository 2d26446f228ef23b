import Testing
import Wiring

extension Container {
  fileprivate var isolatedSingleton: Factory<Service> {
    self { Service(name: "declared") }.singleton
  }
}

extension Container {
  fileprivate var overridable: Factory<Service> { self { Service(name: "declared") } }
  fileprivate var overridableCached: Factory<Service> {
    self { Service(name: "declared") }.cached
  }
  fileprivate var overridableOnTest: Factory<Service> {
    self { Service(name: "declared") }.onTest { Service(name: "test context") }
  }
  fileprivate func overridableKept(_ scope: Scope) -> Factory<Service> {
    Factory(self, key: "overrideTests.kept") { Service(name: "declared") }.scope(scope)
  }
  fileprivate func decorated(_ scope: Scope, _ log: InstanceLog) -> Factory<Service> {
    Factory(self, key: "overrideTests.decorated") { Service(name: "declared") }
      .scope(scope).decorator { log.record($0) }
  }
}

@Suite struct OverrideTests {
  @Test func registeredBuilderWinsUntilReset() {
    let container = Container()
    container.overridable.register { Service(name: "override") }
    #expect(container.overridable().name == "override")
    #expect(container.overridable().name == "override")
    container.overridable.reset()
    #expect(container.overridable().name == "declared")
  }

  @Test func theDeclarationsTestContextBeatsARegistrationAsInFactory() {
    let container = Container()
    #expect(container.overridableOnTest().name == "test context")
    container.overridableOnTest.register { Service(name: "override") }
    #expect(container.overridableOnTest().name == "test context")
  }

  @Test func registrationKeepsTheDeclaredScope() {
    let runs = Counter()
    let container = Container()
    container.overridableCached.register {
      runs.increment()
      return Service(name: "override")
    }
    let first = container.overridableCached()
    #expect(container.overridableCached() === first)
    #expect(first.name == "override")
    #expect(runs.value == 1)
  }

  @Test func scopeChainedOntoARegistrationScopesTheOverride() {
    let runs = Counter()
    let container = Container()
    // NB: `_ =` because a chained modifier's result is not discardable.
    _ =
      container.overridable.register {
        runs.increment()
        return Service(name: "override")
      }
      .cached
    let first = container.overridable()
    #expect(container.overridable() === first)
    #expect(first.name == "override")
    #expect(runs.value == 1)
  }

  @Test func registeringDropsTheKeptInstance() {
    let container = Container()
    let kept = container.overridableCached()
    container.overridableCached.register { Service(name: "override") }
    let replaced = container.overridableCached()
    #expect(replaced !== kept)
    #expect(replaced.name == "override")
  }

  @Test func resettingTheRegistrationKeepsWhatWasChainedOntoItAsInFactory() {
    let overrideLog = InstanceLog()
    let container = Container()
    _ = container.overridable.register { Service(name: "override") }
      .cached.decorator { overrideLog.record($0) }
    let built = container.overridable()
    container.overridable.reset(.registration)
    #expect(container.overridable() === built)
    container.overridable.reset(.scope)
    let first = container.overridable()
    #expect(first.name == "declared")
    #expect(first !== built)
    #expect(container.overridable() === first)
    #expect(
      overrideLog.services.map(\.name) == ["override", "override", "declared", "declared"])
    container.overridable.reset()
    #expect(container.overridable() !== container.overridable())
  }

  @Test func resettingTheRegistrationKeepsTheInstanceTheOverrideBuiltAsInFactory() {
    let container = Container()
    container.overridableCached.register { Service(name: "override") }
    let kept = container.overridableCached()
    container.overridableCached.reset(.registration)
    #expect(container.overridableCached() === kept)
    #expect(
      container.manager.dump().instances.map(\.detail) == [
        "Service [cached], built by a registration since reset"
      ])
    container.overridableCached.reset(.scope)
    // The override stayed only for the instance its registration built.
    #expect(container.manager.dump().overrides.isEmpty)
    let after = container.overridableCached()
    #expect(after !== kept)
    #expect(after.name == "declared")
  }

  /// An overridden `.singleton` that outlived its registration is kept by the container until
  /// its scope is reset; then it is the process's again.
  @Test func aSingletonThatOutlivedItsRegistrationGoesBackToTheProcessWhenReset() {
    let container = Container()
    let neighbour = Container()
    defer { container.isolatedSingleton.reset() }
    container.isolatedSingleton.register { Service(name: "fake") }
    let fake = container.isolatedSingleton()
    container.isolatedSingleton.reset(.registration)
    #expect(container.isolatedSingleton() === fake)
    container.isolatedSingleton.reset(.scope)
    #expect(container.isolatedSingleton() === neighbour.isolatedSingleton())
    #expect(neighbour.isolatedSingleton().name == "declared")
  }

  @Test func anOverriddenSingletonStaysInItsContainer() {
    let tested = Container()
    let neighbour = Container()
    tested.manager.push()
    tested.isolatedSingleton.register { Service(name: "fake") }
    #expect(tested.isolatedSingleton().name == "fake")
    #expect(neighbour.isolatedSingleton().name == "declared")
    tested.manager.pop()
    #expect(tested.isolatedSingleton().name == "declared")
    #expect(tested.isolatedSingleton() === neighbour.isolatedSingleton())
  }

  @Test(arguments: [Scope.cached, .singleton, .timeToLive(60)])
  func resettingEverythingDropsTheOverrideAndTheInstanceItBuilt(scope: Scope) {
    let container = Container()
    defer { container.overridableKept(scope).reset() }
    container.overridableKept(scope).register { Service(name: "override") }
    #expect(container.overridableKept(scope)().name == "override")
    container.overridableKept(scope).reset()
    #expect(container.overridableKept(scope)().name == "declared")
  }

  @Test func resettingTheScopeKeepsTheRegistration() {
    let container = Container()
    container.overridableCached.register { Service(name: "override") }
    let first = container.overridableCached()
    container.overridableCached.reset(.scope)
    let second = container.overridableCached()
    #expect(second !== first)
    #expect(second.name == "override")
  }

  @Test func pushLeavesTheCurrentStateInPlace() {
    let container = Container()
    container.overridable.register { Service(name: "override") }
    let kept = container.overridableCached()
    container.manager.push()
    #expect(container.overridable().name == "override")
    #expect(container.overridableCached() === kept)
  }

  @Test func popRestoresTheRegistrationsSavedByPush() {
    let container = Container()
    container.overridable.register { Service(name: "saved") }
    container.manager.push()
    container.overridable.register { Service(name: "pushed") }
    #expect(container.overridable().name == "pushed")
    #expect(container.manager.pop())
    #expect(container.overridable().name == "saved")
  }

  @Test func popRestoresTheInstancesKeptWhenPushed() {
    let container = Container()
    let kept = container.overridableCached()
    container.manager.push()
    container.manager.reset(scope: .cached)
    #expect(container.overridableCached() !== kept)
    #expect(container.manager.pop())
    #expect(container.overridableCached() === kept)
  }

  @Test func popForgetsRegistrationsMadeAfterPush() {
    let container = Container()
    container.manager.push()
    container.overridable.register { Service(name: "pushed") }
    #expect(container.manager.pop())
    #expect(container.overridable().name == "declared")
  }

  @Test func nestedPushesArePoppedInReverseOrder() {
    let container = Container()
    container.manager.push()
    container.overridable.register { Service(name: "outer") }
    container.manager.push()
    container.overridable.register { Service(name: "inner") }
    #expect(container.overridable().name == "inner")
    #expect(container.manager.pop())
    #expect(container.overridable().name == "outer")
    #expect(container.manager.pop())
    #expect(container.overridable().name == "declared")
    #expect(!container.manager.pop())
  }

  /// As in Factory, a saved state holds the container-wide decorator and default scope.
  @Test func popRestoresTheDecoratorAndDefaultScopeSavedByPush() {
    let container = Container()
    let decorated = Counter()
    container.manager.push()
    container.decorator { _ in decorated.increment() }
    container.manager.defaultScope = .cached
    let kept = container.overridable()
    #expect(container.overridable() === kept)
    #expect(decorated.value == 2)
    #expect(container.manager.pop())
    #expect(container.overridable() !== container.overridable())
    #expect(decorated.value == 2)
    container.decorator { _ in decorated.increment() }
    container.manager.push()
    container.decorator(nil)
    #expect(container.manager.pop())
    _ = container.overridable()
    #expect(decorated.value == 3)
  }

  @Test func popWithNothingSavedReturnsFalseAndChangesNothing() {
    let container = Container()
    container.overridable.register { Service(name: "override") }
    let kept = container.overridableCached()
    #expect(container.manager.pop() == false)
    #expect(container.overridable().name == "override")
    #expect(container.overridableCached() === kept)
  }

  @Test func managerResetForgetsRegistrationsAndKeptInstances() {
    let container = Container()
    container.overridable.register { Service(name: "override") }
    let kept = container.overridableCached()
    container.manager.reset()
    #expect(container.overridable().name == "declared")
    #expect(container.overridableCached() !== kept)
  }

  @Test(arguments: [(Scope.unique, 3), (.cached, 1), (.graph, 3)])
  func decoratorSeesEveryResolution(scope: Scope, builds: Int) {
    let log = InstanceLog()
    let factory = Container().decorated(scope, log)
    let resolved = [factory(), factory(), factory()]
    #expect(log.services.count == 3)
    #expect(Set(log.services.map(ObjectIdentifier.init)).count == builds)
    for (service, seen) in zip(resolved, log.services) {
      #expect(seen === service)
    }
  }

  @Test func decoratorChainedOnARegistrationDecoratesTheOverride() {
    let declaredLog = InstanceLog()
    let overrideLog = InstanceLog()
    let container = Container()
    _ = container.decorated(.unique, declaredLog)
      .register { Service(name: "override") }
      .decorator { overrideLog.record($0) }
    let resolved = container.decorated(.unique, declaredLog)()
    #expect(resolved.name == "override")
    #expect(overrideLog.services.count == 1)
    #expect(overrideLog.services.first === resolved)
  }

  @Test(arguments: [Scope.unique, .cached])
  func theDeclaredDecoratorDecoratesARegisteredOverride(scope: Scope) {
    let log = InstanceLog()
    let container = Container()
    container.decorated(scope, log).register { Service(name: "override") }
    let resolved = container.decorated(scope, log)()
    #expect(resolved.name == "override")
    #expect(log.services.count == 1)
    #expect(log.services.first === resolved)
  }
}
