import Testing
import Wiring

extension Container {
  /// Never registered, so resolving it fails.
  fileprivate var missingClock: Factory<Service> { promised() }
  /// A cached instance that cannot be built.
  fileprivate var cachedOnMissingClock: Factory<Service> {
    self { Service(name: "uses \(self.missingClock().name)") }.cached
  }
}

extension Container {
  /// A builder that asks `catchResolutionFailure` for its own factory.
  fileprivate func catchesItself(_ scope: Scope) -> Factory<Service> {
    Factory(self, key: "catchesItself") {
      Service(name: Self.outcome(catchResolutionFailure { self.catchesItself(scope)() }))
    }.scope(scope)
  }

  /// A builder that asks `catchResolutionFailure` for a factory that needs this one.
  fileprivate var catchesWhatNeedsIt: Factory<Service> {
    self { Service(name: Self.outcome(catchResolutionFailure { self.needsTheCatcher() })) }.cached
  }

  fileprivate var needsTheCatcher: Factory<Service> {
    self { Service(name: "needs " + self.catchesWhatNeedsIt().name) }
  }

  /// A builder that asks `catchResolutionFailure` for something unrelated.
  fileprivate var catchesSomethingElse: Factory<Service> {
    self {
      Service(name: Self.outcome(catchResolutionFailure { Service(name: "unrelated") }))
    }.cached
  }

  fileprivate static func outcome(_ caught: Result<Service, ResolutionFailure>) -> String {
    switch caught {
    case .success(let service): service.name
    case .failure(let failure): "\(failure.kind): " + failure.chain.joined(separator: " → ")
    }
  }
}

/// What a failure caught by `catchResolutionFailure` leaves behind.
// The limit turns a hang into a failure. It counts from when the test is scheduled: a parallel
// run under the address sanitizer on two cores has queued these tests for 90 seconds.
@Suite(.timeLimit(.minutes(5)))
struct CapturedFailureTests {
  @Test func aCachedInstanceWhoseBuildFailedIsBuiltAfreshByTheNextRead() throws {
    let container = Container()
    let first = try #require(catchResolutionFailure { container.cachedOnMissingClock() }.failure)
    #expect(first.kind == .missingRegistration)

    container.missingClock.register { Service(name: "clock") }
    let later = catchResolutionFailure { container.cachedOnMissingClock() }
    #expect(try later.get().name == "uses clock")
  }

  /// The caught resolution runs on a thread of its own, which waited for the build around it, or
  /// for a unique factory started a thread per level without end; now it is the cycle it is.
  @Test(arguments: [Scope.unique, .cached, .singleton])
  func aBuilderThatCatchesItsOwnFactoryGetsTheCycle(scope: Scope) {
    let container = Container()
    defer { container.catchesItself(scope).reset() }
    #expect(
      container.catchesItself(scope)().name
        == "cycle: Container.catchesItself → Container.catchesItself")
  }

  @Test func aBuilderThatCatchesAFactoryThatNeedsItGetsTheCycle() {
    let name = Container().catchesWhatNeedsIt().name
    #expect(
      name == "cycle: Container.needsTheCatcher → Container.catchesWhatNeedsIt → "
        + "Container.needsTheCatcher")
  }

  @Test func aBuilderThatCatchesSomethingElseGetsItsValue() {
    #expect(Container().catchesSomethingElse().name == "unrelated")
  }
}
