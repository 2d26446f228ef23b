import Testing
import Wiring

extension Container {
  fileprivate var dumpedSession: Factory<Service> { self { Service(name: "session") }.cached }
  fileprivate var dumpedClock: Factory<Service> { self { Service(name: "clock") }.singleton }
  fileprivate var dumpedAvatar: ParameterFactory<Int, Service> {
    self { Service(name: "\($0)") }.cached.scopeOnParameters
  }
  fileprivate var dumpedAPI: Factory<Service> { self { Service(name: "api") } }
  fileprivate var dumpedUser: Factory<Service> {
    self { Service(name: "user") }.scope(.dumpedSignIn).timeToLive(60)
  }
  fileprivate var dumpedRates: Factory<Service> { self { Service(name: "rates") }.timeToLive(5) }
}

extension Scope {
  fileprivate static let dumpedSignIn = Scope.custom("sign-in")
}

@Suite struct ContainerDumpTests {
  @Test func listsOverridesInstancesSingletonsAndThePushDepth() {
    let container = Container()
    defer { container.dumpedClock.reset() }
    _ = container.dumpedSession()
    _ = container.dumpedClock()
    _ = container.dumpedAvatar(1)
    _ = container.dumpedAvatar(2)
    container.manager.push()
    container.dumpedAPI.register { Service(name: "fake") }.scope(.cached)
    let dump = container.manager.dump()
    #expect(dump.pushDepth == 1)
    #expect(dump.autoRegistration == "done")
    #expect(dump.overrides.map(\.description) == ["Container.dumpedAPI: scope cached"])
    #expect(
      dump.instances.map(\.description) == [
        "Container.dumpedAvatar: 2 kept, one per argument",
        "Container.dumpedSession: Service [cached]",
      ])
    let text = dump.description
    #expect(text.hasPrefix("Container: auto-registration done, push depth 1\nOverrides (1):\n"))
    #expect(text.contains("Kept instances (2):\n  Container.dumpedAvatar"))
  }

  @Test func namesTheTimeToLiveAnInstanceWasKeptWith() {
    let container = Container()
    _ = container.dumpedUser()
    _ = container.dumpedRates()
    #expect(
      container.manager.dump().instances.map(\.description) == [
        "Container.dumpedRates: Service [timeToLive(5.0)]",
        "Container.dumpedUser: Service [sign-in.timeToLive(60.0)]",
      ])
  }

  // Singletons are process-wide and other suites reset them, so this runs in a child process.
  @Test func listsTheProcessWideSingletons() async {
    await #expect(processExitsWith: .success) {
      _ = Container().dumpedClock()
      let singletons = Container().manager.dump().singletons.map(\.description)
      #expect(singletons == ["Container.dumpedClock: Service [singleton]"])
    }
  }

  @Test func popAndResetShowInTheDump() {
    let container = Container()
    container.manager.push()
    container.dumpedAPI.register { Service(name: "fake") }
    container.manager.pop()
    _ = container.dumpedSession()
    #expect(container.manager.dump().overrides.isEmpty)
    #expect(container.manager.dump().pushDepth == 0)
    container.manager.reset()
    #expect(container.manager.dump().instances.isEmpty)
  }
}
