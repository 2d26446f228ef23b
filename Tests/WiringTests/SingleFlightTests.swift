import Foundation
import Testing
import Wiring

/// Holds `instance` until the test is done, so `.shared` has something to reuse.
private let sharedHolder = Mutexed<[Service]>([])

extension Container {
  fileprivate func slow(_ scope: Scope, _ counter: Counter) -> Factory<Service> {
    Factory(self, key: "slow") {
      counter.increment()
      Thread.sleep(forTimeInterval: 0.05)
      return Service()
    }.scope(scope)
  }
}

@Suite struct SingleFlightTests {
  static let keptScopes: [Scope] = [
    .cached, .singleton, .shared, .timeToLive(60), .custom("session"),
  ]

  @Test(arguments: keptScopes)
  func slowInitializerRunsExactlyOnceWhenThreadsRace(scope: Scope) {
    let container = Container()
    let counter = Counter()
    defer { container.manager.reset(scope: scope) }
    let seen = Mutexed<[ObjectIdentifier]>([])
    onThreads(16) { _ in
      let service = container.slow(scope, counter)()
      sharedHolder.update { $0.append(service) }
      seen.update { $0.append(ObjectIdentifier(service)) }
    }
    #expect(counter.value == 1)
    #expect(Set(seen.read { $0 }).count == 1)
  }

  @Test(arguments: keptScopes)
  func slowInitializerRunsExactlyOnceWhenTasksRace(scope: Scope) async {
    let container = Container()
    let counter = Counter()
    defer { container.manager.reset(scope: scope) }
    let seen = Mutexed<[ObjectIdentifier]>([])
    await inTasks(16) { _ in
      let service = container.slow(scope, counter)()
      sharedHolder.update { $0.append(service) }
      seen.update { $0.append(ObjectIdentifier(service)) }
    }
    #expect(counter.value == 1)
    #expect(Set(seen.read { $0 }).count == 1)
  }

  @Test func uniqueScopeBuildsForEveryCaller() {
    let container = Container()
    let counter = Counter()
    onThreads(8) { _ in _ = container.slow(.unique, counter)() }
    #expect(counter.value == 8)
  }
}
