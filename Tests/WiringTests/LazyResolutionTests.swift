import Foundation
import Testing
import Wiring

extension Container {
  /// How many times `slowService` built, kept per container.
  fileprivate var slowServiceBuilds: Factory<Counter> { self { Counter() }.cached }
  /// Takes long enough to build that readers racing for it arrive while it builds.
  fileprivate var slowService: Factory<Service> {
    self {
      _ = self.slowServiceBuilds().increment()
      Thread.sleep(forTimeInterval: 0.05)
      return Service(name: "slow")
    }
  }
  /// How many times `countedService` built, kept per container.
  fileprivate var countedServiceBuilds: Factory<Counter> { self { Counter() }.cached }
  /// Builds at once and counts it, for readers racing for many properties in turn.
  fileprivate var countedService: Factory<Service> {
    self {
      _ = self.countedServiceBuilds().increment()
      return Service(name: "counted")
    }
  }
  /// Builds in a few microseconds, so that readers racing for it often arrive while it builds.
  fileprivate var briefService: Factory<Service> {
    self {
      let until = ContinuousClock.now + .microseconds(20)
      while ContinuousClock.now < until {}
      return Service(name: "brief")
    }
  }
  /// Builds at once, for tests that look at what a resolved property still holds.
  fileprivate var quickService: Factory<Service> { self { Service(name: "quick") } }
  /// Reads the lazy property that is resolving it: a cycle.
  fileprivate var selfReading: Factory<Service> {
    self { SelfReadingOwner.current.read { $0 }!.service }
  }
}

private final class SlowOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound because the wrapper's storage is written once, at init, and the
  // wrapper has no setter; the lazy box it holds is safe to read from any thread.
  @LazyInjected(\.slowService) var service
}

private final class SlowWeakOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `SlowOwner`.
  @WeakLazyInjected(\.slowService) var service
}

private final class SelfReadingOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `SlowOwner`.
  /// The owner whose property `selfReading` reads.
  static let current = Mutexed<SelfReadingOwner?>(nil)
  @LazyInjected(\.selfReading) var service
}

private final class CountedOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `SlowOwner`.
  @LazyInjected(\.countedService) var service
}

private final class CountedWeakOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `SlowOwner`.
  @WeakLazyInjected(\.countedService) var service
}

private final class BriefOwner: @unchecked Sendable {
  // NB: `@unchecked` is sound for the reason given on `SlowOwner`.
  @LazyInjected(\.briefService) var service
}

private final class QuickOwner {
  @LazyInjected(\.quickService) var service
}

private final class QuickWeakOwner {
  @WeakLazyInjected(\.quickService) var service
}

/// How a lazily injected property holds what it resolved.
enum LazyHolding: CaseIterable, Sendable {
  case strongly, weakly

  /// Makes an owner with a property of this kind on `container` and reads the property once.
  fileprivate func ownerAfterFirstRead(from container: Container) -> AnyObject {
    switch self {
    case .strongly:
      let owner = Container.$shared.withValue(container) { QuickOwner() }
      #expect(owner.service.name == "quick")
      return owner
    case .weakly:
      let owner = Container.$shared.withValue(container) { QuickWeakOwner() }
      _ = owner.service
      return owner
    }
  }

  /// Makes an owner with a property of this kind on `container` and assigns `service` to it,
  /// reading nothing.
  fileprivate func ownerAssigned(_ service: Service, from container: Container) -> AnyObject {
    switch self {
    case .strongly:
      let owner = Container.$shared.withValue(container) { QuickOwner() }
      owner.service = service
      return owner
    case .weakly:
      let owner = Container.$shared.withValue(container) { QuickWeakOwner() }
      owner.service = service
      return owner
    }
  }
}

@Suite struct LazyResolutionTests {
  @Test func firstReadsRacingOnManyThreadsResolveOnceAndAllGetThatValue() {
    let container = Container()
    let owner = Container.$shared.withValue(container) { SlowOwner() }
    let seen = Mutexed<[ObjectIdentifier]>([])
    onThreads(8) { _ in
      let service = owner.service
      seen.update { $0.append(ObjectIdentifier(service)) }
    }
    #expect(container.slowServiceBuilds().value == 1)
    #expect(seen.read { $0.count } == 8)
    #expect(Set(seen.read { $0 }).count == 1)
  }

  @Test func weakFirstReadsRacingOnManyThreadsAllGetTheOneInstance() {
    let container = Container()
    let owner = Container.$shared.withValue(container) { SlowWeakOwner() }
    let seen = Mutexed<[ObjectIdentifier?]>([])
    onThreads(8) { _ in
      // Only this read holds the instance: a reader that waited for another thread's build
      // must still get it, not a reference that was let go meanwhile.
      let identity = owner.service.map(ObjectIdentifier.init)
      seen.update { $0.append(identity) }
    }
    #expect(container.slowServiceBuilds().value == 1)
    #expect(seen.read { $0.count } == 8)
    #expect(seen.read { $0.allSatisfy { $0 != nil } })
    #expect(Set(seen.read { $0 }).count == 1)
  }

  @Test func quickFirstReadsRacingForManyPropertiesInTurnResolveEachOnce() {
    let container = Container()
    let owners = Container.$shared.withValue(container) { (0..<500).map { _ in CountedOwner() } }
    let seen = Mutexed<[[ObjectIdentifier]]>(Array(repeating: [], count: owners.count))
    onThreads(4) { _ in
      for (index, owner) in owners.enumerated() {
        let identity = ObjectIdentifier(owner.service)
        seen.update { $0[index].append(identity) }
      }
    }
    #expect(container.countedServiceBuilds().value == owners.count)
    #expect(seen.read { $0.allSatisfy { $0.count == 4 && Set($0).count == 1 } })
  }

  @Test func quickWeakFirstReadsRacingForManyPropertiesInTurnResolveEachOnce() {
    let container = Container()
    let owners = Container.$shared.withValue(container) {
      (0..<500).map { _ in CountedWeakOwner() }
    }
    onThreads(4) { _ in
      for owner in owners { _ = owner.service }
    }
    #expect(container.countedServiceBuilds().value == owners.count)
  }

  /// Waiters arrive while the first reader builds, and some of them while it finishes: every one
  /// must be woken, or the test runs out of time. The limit counts the time a test waits for a
  /// thread of the test pool too, which took close to two minutes in a loaded sanitizer run.
  @Test(.timeLimit(.minutes(5)))
  func readersArrivingWhileTheFirstFinishesAreAllWoken() {
    let owners = Container.$shared.withValue(Container()) { (0..<2_000).map { _ in BriefOwner() } }
    let reads = Mutexed(0)
    onThreads(3) { _ in
      for owner in owners { _ = owner.service }
      reads.update { $0 += owners.count }
    }
    #expect(reads.read { $0 } == 3 * owners.count)
  }

  @Test func laterReadsReturnTheFirstValueWithoutBuildingAgain() {
    let container = Container()
    let owner = Container.$shared.withValue(container) { SlowOwner() }
    let first = owner.service
    #expect(owner.service === first)
    #expect(owner.service === first)
    #expect(container.slowServiceBuilds().value == 1)
  }

  @Test func readingALazyPropertyFromItsOwnFactoryIsReportedAsACycle() throws {
    let owner = Container.$shared.withValue(Container()) { SelfReadingOwner() }
    SelfReadingOwner.current.update { $0 = owner }
    defer { SelfReadingOwner.current.update { $0 = nil } }
    let failure = try #require(catchResolutionFailure { owner.service }.failure)
    #expect(failure.kind == .cycle)
    #expect(failure.chain.last == "Container.selfReading")
  }

  @Test(arguments: LazyHolding.allCases)
  func aResolvedPropertyLetsGoOfTheContainerItCameFrom(holding: LazyHolding) {
    weak var released: Container?
    let owner: AnyObject = {
      let container = Container()
      released = container
      return holding.ownerAfterFirstRead(from: container)
    }()
    #expect(released == nil)
    withExtendedLifetime(owner) {}
  }

  @Test(arguments: LazyHolding.allCases)
  func anAssignedPropertyLetsGoOfTheContainerItCameFrom(holding: LazyHolding) {
    weak var released: Container?
    let service = Service(name: "assigned")
    let owner: AnyObject = {
      let container = Container()
      released = container
      return holding.ownerAssigned(service, from: container)
    }()
    #expect(released == nil)
    withExtendedLifetime((owner, service)) {}
  }
}
