import Foundation
import Testing
import Wiring

extension Container {
  fileprivate func stressed(_ scope: Scope, living seconds: Double?) -> Factory<Service> {
    let declared = Factory(self, key: "stressed") { Service(name: "live") }.scope(scope)
    guard let seconds else { return declared }
    return declared.timeToLive(seconds)
  }

  fileprivate func stressedByParameter(
    _ scope: Scope, living seconds: Double?
  ) -> ParameterFactory<Int, Service> {
    let declared = ParameterFactory(self, key: "stressedByParameter") { (value: Int) in
      Service(name: "live\(value)")
    }
    .scope(scope).scopeOnParameters
    guard let seconds else { return declared }
    return declared.timeToLive(seconds)
  }
}

extension Container {
  fileprivate var stressedInner: Factory<Service> {
    Factory(self, key: "stressedInner") { Service(name: "inner") }.cached
  }

  fileprivate var stressedMiddle: Factory<Service> {
    Factory(self, key: "stressedMiddle") { Service(name: "middle " + self.stressedInner().name) }
      .cached
  }

  fileprivate var stressedOuter: Factory<Service> {
    Factory(self, key: "stressedOuter") { Service(name: "outer " + self.stressedMiddle().name) }
      .cached
  }
}

@Suite struct ConcurrentStressTests {
  /// Threads resolve kept factories that resolve each other, each thread from another end of the
  /// chain, while the kept instances are dropped: builds wait for builds on other threads all the
  /// time, and none of it is a cycle.
  @Test func nestedKeptBuildsResolvedFromBothEndsAreNeverACycle() {
    let container = Container()
    let failures = Mutexed<[String]>([])
    onThreads(6) { thread in
      let outcome = catchResolutionFailure {
        for step in 0..<1500 {
          switch (thread + step) % 5 {
          case 0: _ = container.stressedInner()
          case 1: _ = container.stressedMiddle()
          case 2: _ = container.stressedOuter()
          case 3: container.manager.reset(scope: .cached)
          default: _ = container.stressedOuter().name + container.stressedInner().name
          }
        }
      }
      if case .failure(let failure) = outcome { failures.update { $0.append(failure.description) } }
    }
    #expect(failures.read { $0 } == [])
  }

  static let allScopes: [Scope] = [
    .unique, .cached, .singleton, .shared, .graph, .timeToLive(0.001), .custom("stress"),
  ]

  /// Every scope, and each with a time to live over it.
  @Test(arguments: allScopes, [nil, 0.001] as [Double?])
  func resolveRegisterResetAndPushPopMixFromManyThreads(scope: Scope, timeToLive: Double?) {
    let container = Container()
    defer { container.manager.reset(scope: scope) }
    let unexpected = Mutexed(0)
    onThreads(8) { thread in
      for step in 0..<400 {
        switch (thread + step) % 8 {
        case 0: container.stressed(scope, living: timeToLive).register { Service(name: "fake") }
        case 1: container.stressed(scope, living: timeToLive).reset()
        case 2: container.manager.reset(scope: scope)
        case 3:
          container.stressedByParameter(scope, living: timeToLive).reset(
            step % 3 == 0 ? .all : .scope)
        case 4:
          let name = container.stressedByParameter(scope, living: timeToLive)(step % 4).name
          if name != "live\(step % 4)" && name != "fake\(step % 4)" {
            unexpected.update { $0 += 1 }
          }
        case 5 where step % 50 == 0:
          container.manager.push()
          container.manager.pop()
        case 5:
          container.stressedByParameter(scope, living: timeToLive).register {
            Service(name: "fake\($0)")
          }
        default:
          let name = container.stressed(scope, living: timeToLive)().name
          if name != "live" && name != "fake" { unexpected.update { $0 += 1 } }
        }
      }
    }
    #expect(unexpected.read { $0 } == 0)
    container.stressed(scope, living: timeToLive).reset()
    #expect(container.stressed(scope, living: timeToLive)().name == "live")
  }

  /// Threads resolve, register, write modifiers as statements over declarations that use
  /// `self`, reset and push and pop; once they are done and the container is dropped, nothing
  /// that happened to it keeps it alive.
  @Test func aContainerManyThreadsUsedIsFreedWhenDropped() {
    weak var released: Container?
    do {
      let container = Container()
      released = container
      onThreads(6) { thread in
        for step in 0..<300 {
          switch (thread + step) % 9 {
          case 0: _ = container.stressedOuter()
          case 1: container.stressedMiddle.decorator { _ in }
          case 2: container.stressedOuter.scope(step % 2 == 0 ? .shared : .cached)
          case 3: container.stressedMiddle.onTest { Service(name: "test") }
          case 4: container.stressedInner.register { Service(name: "fake") }
          case 5: container.stressedMiddle.reset(step % 3 == 0 ? .all : .registration)
          case 6 where step % 30 == 0:
            container.manager.push()
            container.manager.pop()
          case 7: container.manager.reset(scope: .cached)
          default: _ = container.stressedMiddle().name + container.stressedInner().name
          }
        }
      }
    }
    #expect(released == nil)
  }
}
