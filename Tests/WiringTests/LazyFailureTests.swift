import Foundation
import Testing
import Wiring

extension Container {
  /// Never registered, so resolving it fails.
  fileprivate var unkeptPromise: Factory<Service> { promised() }
  /// Tells `FailingLazyOwner.started` that it runs, waits a while so that other readers arrive
  /// and wait for it, then fails on `unkeptPromise`.
  fileprivate var slowlyFailing: Factory<Service> {
    self {
      FailingLazyOwner.started.signal()
      Thread.sleep(forTimeInterval: 0.2)
      return self.unkeptPromise()
    }
  }
}

private final class FailingLazyOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound because the wrapper's storage is written once, at init, and the
  // wrapper has no setter; the lazy box it holds is safe to read from any thread.
  /// Signalled when `slowlyFailing` starts building.
  static let started = DispatchSemaphore(value: 0)
  @LazyInjected(\.unkeptPromise) var service
  @LazyInjected(\.slowlyFailing) var slowService
}

private final class FailingWeakLazyOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `FailingLazyOwner`.
  @WeakLazyInjected(\.unkeptPromise) var service
}

/// A lazily injected property whose factory cannot be resolved.
enum FailingProperty: CaseIterable, Sendable {
  case lazy, weakLazy

  /// Reads the property of a new owner, made on a new container; each call reads it again.
  func firstRead() -> @Sendable () -> Void {
    switch self {
    case .lazy:
      let owner = Container.$shared.withValue(Container()) { FailingLazyOwner() }
      return { _ = owner.service }
    case .weakLazy:
      let owner = Container.$shared.withValue(Container()) { FailingWeakLazyOwner() }
      return { _ = owner.service }
    }
  }
}

/// A first read that fails under `catchResolutionFailure` leaves the property failed: nothing
/// waits for it forever.
// The limit turns a hang into a failure. It counts from when the test is scheduled: a parallel
// run under the address sanitizer on two cores has queued these tests for 90 seconds.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct LazyFailureTests {
  @Test(arguments: FailingProperty.allCases)
  func aReadAfterTheFirstReadFailedReportsThatFailure(property: FailingProperty) throws {
    let read = property.firstRead()
    let first = try #require(catchResolutionFailure(read).failure)
    #expect(first.kind == .missingRegistration)

    let later = try #require(catchResolutionFailure(read).failure)
    #expect(later.kind == .dependencyFailed)
    #expect(later.description.contains("Container.unkeptPromise"))
  }

  @Test func readersWaitingForAFirstReadThatFailsAreReleasedWithTheFailure() throws {
    let owner = Container.$shared.withValue(Container()) { FailingLazyOwner() }
    let outcomes = Mutexed<[Int: ResolutionFailure.Kind?]>([:])
    let finished = DispatchGroup()
    for reader in 0..<4 {
      // The first reader claims the property; the others arrive while its factory runs.
      if reader == 1 { FailingLazyOwner.started.wait() }
      finished.enter()
      Thread {
        let kind = catchResolutionFailure { owner.slowService }.failure?.kind
        outcomes.update { $0[reader] = kind }
        finished.leave()
      }.start()
    }
    finished.wait()

    let kinds = outcomes.read { $0 }
    #expect(kinds[0] == .missingRegistration)
    #expect((1..<4).map { kinds[$0] } == Array(repeating: .dependencyFailed, count: 3))
  }
}
