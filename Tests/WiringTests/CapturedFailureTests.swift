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
}
