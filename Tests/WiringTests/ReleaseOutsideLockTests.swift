import Foundation
import Testing

@testable import Wiring

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

/// Whether `body` returns within `seconds`, run on a thread of its own: a deadlock fails the test
/// instead of hanging the run, and leaves behind only a thread stuck on the test's own container.
private func finishes(within seconds: Double = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}

/// No deinitializer of an instance a container drops runs under that container's lock: it may
/// resolve from the container, which would wait for the lock forever.
@Suite struct ReleaseOutsideLockTests {
  @Test func resettingTheContainerReleasesATimeToLiveInstanceOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    #expect(finishes { container.manager.reset() })
    #expect(farewells.value == 1)
  }

  /// A pop drops what was built since its push: an instance, and an override whose builder holds
  /// the last reference to one.
  @Test func poppingReleasesWhatWasBuiltAndRegisteredSinceThePushOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    container.manager.push()
    _ = container.expiringFarewell()
    let held = Farewell(container: container, farewells: farewells)
    container.farewellNote.register { withExtendedLifetime(held) { "held" } }
    _ = consume held
    #expect(finishes { container.manager.pop() })
    #expect(farewells.value == 2)
  }

  /// The end of an isolated test releases everything its container holds, a state saved by a
  /// `push` that was never popped included.
  @Test func releasingEverythingReleasesASavedInstanceOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    container.manager.push()
    container.expiringFarewell.reset(.scope)
    #expect(farewells.value == 0, "the saved state should still hold the instance")
    #expect(finishes { container.manager.releaseEverything() })
    #expect(farewells.value == 1)
  }

  @Test func resettingTheScopeReleasesATimeToLiveInstanceOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    #expect(finishes { container.expiringFarewell.reset(.scope) })
    #expect(farewells.value == 1)
  }

  @Test func registeringAgainReleasesTheInstanceItReplacesOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.expiringFarewell()
    #expect(
      finishes {
        container.expiringFarewell.register { Farewell(container: container, farewells: Counter()) }
      })
    #expect(farewells.value == 1)
  }

  @Test func anExpiredInstanceIsReleasedOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    _ = container.briefFarewell()
    Thread.sleep(forTimeInterval: 0.05)
    #expect(finishes { _ = container.briefFarewell() })
    #expect(farewells.value == 1)
  }

  @Test func poppingReleasesTheDecoratorItDropsOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    container.manager.push()
    let farewell = Farewell(container: container, farewells: farewells)
    container.decorator { _ in withExtendedLifetime(farewell) {} }
    _ = consume farewell
    #expect(finishes { container.manager.pop() })
    #expect(farewells.value == 1)
  }

  @Test func resettingTheContainerReleasesItsDecoratorOutsideTheLock() {
    let container = Container()
    let farewells = container.farewells()
    let farewell = Farewell(container: container, farewells: farewells)
    container.decorator { _ in withExtendedLifetime(farewell) {} }
    _ = consume farewell
    #expect(finishes { container.manager.reset() })
    #expect(farewells.value == 1)
  }
}
