import Foundation
import Testing
import Wiring

/// An instance whose deinitializer resolves from the container that kept it, as one that logs
/// through a resolved logger does.
private final class Farewell: Sendable {
  let container: Container
  let farewells: Counter
  init(container: Container, farewells: Counter) {
    self.container = container
    self.farewells = farewells
  }
  deinit {
    _ = container.farewellNote()
    farewells.increment()
  }
}

extension Container {
  fileprivate var farewellNote: Factory<String> { self { "bye" }.cached }
  fileprivate var farewells: Factory<Counter> { self { Counter() }.cached }
  fileprivate var expiringFarewell: Factory<Farewell> {
    self { Farewell(container: self, farewells: self.farewells()) }.timeToLive(60)
  }
  fileprivate var briefFarewell: Factory<Farewell> {
    self { Farewell(container: self, farewells: self.farewells()) }
      .scope(.expiring(after: 0.01))
  }
}

/// No deinitializer of an instance a container drops runs under that container's lock: it may
/// resolve from the container, which would wait for the lock forever.
@Suite(.timeLimit(.minutes(1))) struct ReleaseOutsideLockTests {
  @Test func resettingTheContainerReleasesATimeToLiveInstanceOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    container.manager.reset()
    #expect(farewells.value == 1)
  }

  @Test func resettingTheScopeReleasesATimeToLiveInstanceOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    container.expiringFarewell.reset(.scope)
    container.manager.reset(options: .scope)
    #expect(farewells.value == 1)
  }

  @Test func registeringAgainReleasesTheInstanceItReplacesOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    container.expiringFarewell.register { Farewell(container: container, farewells: Counter()) }
    #expect(farewells.value == 1)
  }

  @Test func anExpiredInstanceIsReleasedOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.briefFarewell()
    Thread.sleep(forTimeInterval: 0.05)
    _ = container.briefFarewell()
    #expect(farewells.value == 1)
  }
}
