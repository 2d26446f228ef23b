import Testing

@testable import Wiring

protocol Greeting: Sendable { var text: String { get } }
struct LiveGreeting: Greeting { let text = "live" }
struct FakeGreeting: Greeting { let text = "fake" }
final class Greeter: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}
final class Banner: Sendable {
  let greeter: Greeter
  init(greeter: Greeter) { self.greeter = greeter }
}

extension Container {
  fileprivate var greeting: Factory<any Greeting> { self { LiveGreeting() } }
  fileprivate var greeter: Factory<Greeter> { self { Greeter(greeting: self.greeting()) }.cached }
  fileprivate var banner: Factory<Banner> { self { Banner(greeter: self.greeter()) }.cached }
}

/// A container that tracks dependents knows which kept instances were built from a registration
/// that changed since, marks them, and drops them on request.
@Suite struct DependentsTests {
  static func tracking() -> Container {
    let container = Container()
    container.manager.tracksDependents = true
    return container
  }

  @Test func aKeptInstanceKeepsWhatItWasBuiltFromByDefaultAsInFactory() {
    let container = Container()
    let before = container.greeter()
    container.greeting.register { FakeGreeting() }
    #expect(container.greeter() === before)
    #expect(container.greeter().greeting.text == "live")
  }

  @Test func theDumpMarksADependentBuiltBeforeAnOverrideWithTheFactoriesBetween() {
    let container = Self.tracking()
    _ = container.banner()
    container.greeting.register { FakeGreeting() }
    let details = container.manager.dump().instances.map { "\($0.key): \($0.detail)" }
    #expect(
      details == [
        "Container.banner: Banner [cached], stale: built before Container.greeting changed "
          + "(through Container.greeter)",
        "Container.greeter: Greeter [cached], stale: built before Container.greeting changed",
      ])
  }

  @Test func resettingWithDependentsRebuildsEveryInstanceBuiltFromTheFactory() {
    let container = Self.tracking()
    let banner = container.banner()
    container.greeting.register { FakeGreeting() }
    container.greeting.reset(.dependents)
    #expect(container.banner() !== banner)
    #expect(container.banner().greeter.greeting.text == "fake")
    #expect(container.manager.dump().instances.allSatisfy { !$0.detail.contains("stale") })
  }

  /// What a reset of dependents dropped is not found again once the container stops tracking
  /// and resolves without its lock.
  @Test func droppedDependentsAreNotFoundWithoutTheLockAfterTrackingStops() {
    let container = Self.tracking()
    let banner = container.banner()
    container.greeting.register { FakeGreeting() }
    container.greeting.reset(.dependents)
    container.manager.tracksDependents = false
    #expect(container.manager.index.isReady)
    let rebuilt = container.banner()
    #expect(rebuilt !== banner)
    #expect(rebuilt.greeter.greeting.text == "fake")
  }

  @Test func aRebuiltDependentIsNoLongerStale() {
    let container = Self.tracking()
    _ = container.greeter()
    container.greeting.register { FakeGreeting() }
    container.greeter.reset(.scope)
    #expect(container.greeter().greeting.text == "fake")
    #expect(container.manager.dump().instances.map(\.detail) == ["Greeter [cached]"])
  }

  @Test func aTrackingContainerResolvesUnderItsLock() {
    let container = Self.tracking()
    _ = container.greeter()
    #expect(!container.manager.index.isReady)
    container.manager.tracksDependents = false
    #expect(container.manager.index.isReady)
  }

  @Test func dependentsAreFoundThroughOthersWithTheirChains() {
    var dependents = Dependents()
    let (greeting, greeter, banner) = (
      Container().greeting.registration.key, Container().greeter.registration.key,
      Container().banner.registration.key
    )
    dependents.record(greeter, resolved: greeting)
    dependents.record(banner, resolved: greeter)
    #expect(
      dependents.dependents(of: greeting) == [greeter: [greeting], banner: [greeter, greeting]])
    #expect(dependents.dependents(of: greeter) == [banner: [greeter]])
    #expect(dependents.dependents(of: banner) == [:])
  }
}
