import Testing
import Wiring

extension Container {
  fileprivate var greeting: ParameterFactory<String, Service> {
    self { Service(name: "hello \($0)") }
  }
  fileprivate var seat: ParameterFactory<(row: Int, letter: String), Service> {
    self { Service(name: "\($0.row)\($0.letter)") }
  }
  fileprivate func profile(_ runs: Counter) -> ParameterFactory<Int, Service> {
    ParameterFactory(self, key: "parameterTests.profile") { id in
      runs.increment()
      return Service(name: "profile \(id)")
    }
  }
  fileprivate func profilePerID(_ runs: Counter) -> ParameterFactory<Int, Service> {
    profile(runs).cached.scopeOnParameters
  }
}

@Suite struct ParameterFactoryTests {
  @Test func buildsFromTheParameterItIsGiven() {
    let container = Container()
    #expect(container.greeting("ada").name == "hello ada")
    #expect(container.greeting.resolve("grace").name == "hello grace")
  }

  @Test func takesSeveralValuesAsATuple() {
    #expect(Container().seat((row: 12, letter: "C")).name == "12C")
  }

  @Test func buildsOnEveryResolutionByDefault() {
    let runs = Counter()
    let profile = Container().profile(runs)
    let first = profile(7)
    #expect(profile(7) !== first)
    #expect(runs.value == 2)
  }

  @Test func registeredBuilderReceivesTheParameterUntilReset() {
    let container = Container()
    container.greeting.register { Service(name: "fake \($0)") }
    #expect(container.greeting("ada").name == "fake ada")
    container.greeting.reset()
    #expect(container.greeting("ada").name == "hello ada")
  }

  @Test func registrationKeepsOneInstancePerParameter() {
    let container = Container()
    container.profilePerID(Counter()).register { Service(name: "fake \($0)") }
    let one = container.profilePerID(Counter())(1)
    #expect(one.name == "fake 1")
    #expect(container.profilePerID(Counter())(1) === one)
    #expect(container.profilePerID(Counter())(2) !== one)
  }

  @Test func resettingTheScopeDropsTheInstanceOfEveryParameter() {
    let runs = Counter()
    let container = Container()
    let one = container.profilePerID(runs)(1)
    let two = container.profilePerID(runs)(2)
    container.profilePerID(runs).reset(.scope)
    #expect(container.profilePerID(runs)(1) !== one)
    #expect(container.profilePerID(runs)(2) !== two)
    #expect(runs.value == 4)
  }

  @Test func managerResetOfCachedDropsTheInstanceOfEveryParameter() {
    let runs = Counter()
    let container = Container()
    let one = container.profilePerID(runs)(1)
    let two = container.profilePerID(runs)(2)
    container.manager.reset(scope: .cached)
    #expect(container.profilePerID(runs)(1) !== one)
    #expect(container.profilePerID(runs)(2) !== two)
    #expect(runs.value == 4)
  }

  @Test func popRestoresTheInstanceKeptForEachParameter() {
    let container = Container()
    let one = container.profilePerID(Counter())(1)
    let two = container.profilePerID(Counter())(2)
    container.manager.push()
    container.manager.reset(scope: .cached)
    #expect(container.profilePerID(Counter())(1) !== one)
    #expect(container.manager.pop())
    #expect(container.profilePerID(Counter())(1) === one)
    #expect(container.profilePerID(Counter())(2) === two)
  }

  @Test func decoratorSeesTheInstanceBuiltForEachParameter() {
    let log = InstanceLog()
    let profile = Container().profile(Counter()).decorator { log.record($0) }
    let one = profile(1)
    let two = profile(2)
    #expect(log.services.count == 2)
    #expect(log.services.first === one)
    #expect(log.services.last === two)
  }
}
