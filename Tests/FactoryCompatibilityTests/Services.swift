import Foundation
import Wiring

// Services and declarations written the way Factory's documentation and tests write them.

protocol MyServiceType: AnyObject, Sendable {
  var id: UUID { get }
  func text() -> String
}

final class MyService: MyServiceType {
  let id = UUID()
  func text() -> String { "MyService" }
}

final class MockService: MyServiceType {
  let id = UUID()
  func text() -> String { "MockService" }
}

final class MockServiceN: MyServiceType {
  let id = UUID()
  let n: Int
  init(_ n: Int) { self.n = n }
  func text() -> String { "MockService\(n)" }
}

struct ContextService: Sendable {
  var name: String
}

final class ParameterService: Sendable {
  let value: Int
  init(value: Int) { self.value = value }
}

extension Container {
  var myServiceType: Factory<MyServiceType> { self { MyService() } }
  var uniqueService: Factory<MyServiceType> { self { MyService() }.unique }
  var cachedService: Factory<MyServiceType> { self { MyService() }.cached }
  var singletonService: Factory<MyServiceType> { self { MyService() }.singleton }
  var sharedService: Factory<MyServiceType> { self { MyService() }.shared }
  var optionalSharedService: Factory<MyService?> { self { MyService() }.shared }
  var keyedService: Factory<MyServiceType> { Factory(self, key: "primary") { MyService() }.cached }
  var parameterService: ParameterFactory<Int, ParameterService> {
    self { ParameterService(value: $0) }
  }
  var promisedService: Factory<MyServiceType?> { promised() }
  var contextService: Factory<ContextService> { self { ContextService(name: "FACTORY") } }
  var debugContextService: Factory<ContextService> {
    self { ContextService(name: "FACTORY") }.onDebug { ContextService(name: "DEBUG") }
  }
  var onceService: Factory<MyServiceType> { self { MyService() }.once() }
  var onceContextService: Factory<ContextService> {
    self { ContextService(name: "FACTORY") }
      .onTest { ContextService(name: "ONCE") }
      .once()
  }
  var decoratedService: Factory<MyServiceType> {
    self { MyService() }
      .cached
      .decorator { instance, isNew in
        ResolutionAudit.shared.record(instance.id, isNew: isNew)
      }
  }
  var renewedService: Factory<MyServiceType> { self { MyService() }.cached.timeToLive(2) }
  var expiringService: Factory<MyServiceType> {
    self { MyService() }.scope(.expiring(after: 1))
  }
}

/// A custom container, declared as Factory's documentation declares one.
final class CustomContainer: SharedContainer {
  @TaskLocal static var shared = CustomContainer()
  let manager = ContainerManager()
}

extension CustomContainer {
  var customService: Factory<MyServiceType> { self { MyService() }.cached }
}

final class GraphService: Sendable {
  let a: MyServiceType
  let b: MyServiceType
  init(a: MyServiceType, b: MyServiceType) {
    self.a = a
    self.b = b
  }
}

extension Container {
  var plainService: Factory<MyServiceType> { Factory(self) { MyService() } }
  var graphPart: Factory<MyServiceType> { self { MyService() }.graph }
  var graphRoot: Factory<GraphService> {
    self { GraphService(a: self.graphPart(), b: self.graphPart()) }
  }
  var scopedParameterService: ParameterFactory<Int, ParameterService> {
    self { ParameterService(value: $0) }.scopeOnParameters.cached
  }
}

extension Scope {
  static let session = Cached()
}

extension Container {
  var sessionService: Factory<MyServiceType> { self { MyService() }.scope(.session) }
  /// As Factory's guide declares an authenticated user.
  var sessionUser: Factory<MyServiceType> {
    self { MyService() }.scope(.session).timeToLive(60 * 20)
  }
  var userOfTheSession: Factory<MyServiceType> {
    self { MyService() }.timeToLive(60 * 20).scope(.session)
  }
  var singletonForAMinute: Factory<MyServiceType> { self { MyService() }.singleton.timeToLive(60) }
  var briefSingleton: Factory<MyServiceType> { self { MyService() }.singleton.timeToLive(0.05) }
  var brieflyCached: Factory<MyServiceType> { self { MyService() }.timeToLive(0.05).cached }
  var uniqueForAMinute: Factory<MyServiceType> { self { MyService() }.unique.timeToLive(60) }
}

/// What a decorator saw: each instance's id, and whether it was new.
final class ResolutionAudit: @unchecked Sendable {
  // NB: `@unchecked` because `events` is guarded by `lock`.
  @TaskLocal static var shared = ResolutionAudit()
  private let lock = NSLock()
  private var events: [(UUID, Bool)] = []

  func record(_ id: UUID, isNew: Bool) {
    lock.withLock { events.append((id, isNew)) }
  }

  var seen: [(id: UUID, isNew: Bool)] { lock.withLock { events.map { ($0.0, $0.1) } } }
}
