import Testing
import Wiring
import WiringTesting

final class Clock: Sendable {}
final class Scheduler: Sendable {
  let clock: Clock
  init(clock: Clock) { self.clock = clock }
}

extension Container {
  fileprivate var clock: Factory<Clock> { self { Clock() }.cached }
  fileprivate var scheduler: Factory<Scheduler> { self { Scheduler(clock: self.clock()) }.cached }
}

/// A strict test reports a kept instance still built from a registration the test replaced.
@Suite struct StaleDependentTests {
  @Test(.container(strict: true))
  func aStaleCachedDependentAfterAnOverrideIsReported() {
    _ = Container.shared.scheduler()
    Container.shared.clock.register { Clock() }
    withKnownIssue {
      _ = Container.shared.scheduler()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "Wiring strict mode: the kept `Container.scheduler` was built from `Container.clock` "
        + "before `Container.clock` was registered again or reset, and still uses what it was "
        + "built from: reset it with `reset(.dependents)` on `Container.clock`, or resolve "
        + "`Container.clock` when it is used"
    }
  }

  @Test(.container(strict: true))
  func registeringBeforeTheFirstResolutionIsNotReported() {
    Container.shared.clock.register { Clock() }
    #expect(Container.shared.scheduler() === Container.shared.scheduler())
  }

  @Test(.container(strict: true))
  func resettingTheDependentsRebuildsThemFromTheOverride() {
    let before = Container.shared.scheduler()
    let fake = Clock()
    Container.shared.clock.register { fake }
    Container.shared.clock.reset(.dependents)
    #expect(Container.shared.scheduler() !== before)
    #expect(Container.shared.scheduler().clock === fake)
  }
}
