import Foundation
import Testing
import Wiring
import WiringTesting

/// Modifiers written as statements, outside the declaration, are kept by the container.
@Suite(.container) struct ModifierTests {
  @Test func aContextWrittenAsAStatementPersists() {
    Container.shared.contextService.onTest { ContextService(name: "TEST") }
    #expect(Container.shared.contextService().name == "TEST")
    #expect(Container.shared.contextService().name == "TEST")
  }

  @Test func aContextWrittenAsAStatementKeepsTheDeclarationsOtherContexts() {
    FactoryContext.current.isTest = false
    FactoryContext.current.isDebug = true  // as in a debug build, also when tested optimized
    Container.shared.debugContextService.onArg("ARG") { ContextService(name: "ARG") }
    #expect(Container.shared.debugContextService().name == "DEBUG")
    FactoryContext.current.arguments = ["ARG"]
    #expect(Container.shared.debugContextService().name == "ARG")
  }

  @Test func theLaterOfTwoContextsOfOneKindWins() {
    Container.shared.contextService.onTest { ContextService(name: "FIRST") }
    Container.shared.contextService.onTest { ContextService(name: "SECOND") }
    #expect(Container.shared.contextService().name == "SECOND")
    let chained = Container.shared.contextService
      .onTest { ContextService(name: "A") }
      .onTest { ContextService(name: "B") }
      .resolve()
    #expect(chained.name == "B")
  }

  @Test func aContextAddedInAChainResolvesAtOnce() {
    FactoryContext.current.isTest = false
    FactoryContext.current.isDebug = true
    let service = Container.shared.debugContextService
      .onDebug { ContextService(name: "CHANGED") }
      .resolve()
    #expect(service.name == "CHANGED")
  }

  @Test func theContextFunctionTakesSeveralContexts() {
    Container.shared.contextService.context(.test, .preview) { ContextService(name: "BOTH") }
    #expect(Container.shared.contextService().name == "BOTH")
  }

  @Test func aScopeWrittenAsAStatementPersists() {
    #expect(Container.shared.myServiceType().id != Container.shared.myServiceType().id)
    Container.shared.myServiceType.scope(.cached)
    #expect(Container.shared.myServiceType().id == Container.shared.myServiceType().id)
    Container.shared.myServiceType.reset()
    #expect(Container.shared.myServiceType().id != Container.shared.myServiceType().id)
  }

  @Test func timeToLiveWrittenAsAStatementPersists() {
    Container.shared.myServiceType.timeToLive(60)
    #expect(Container.shared.myServiceType().id == Container.shared.myServiceType().id)
  }

  @Test func aDecoratorWrittenAsAStatementPersists() {
    let seen = Seen()
    Container.shared.myServiceType.decorator { seen.add($0.text()) }
    _ = Container.shared.myServiceType()
    _ = Container.shared.myServiceType()
    #expect(seen.values == ["MyService", "MyService"])
  }

  @Test func theTwoArgumentDecoratorSeesEveryResolutionAndTellsNewFromKept() {
    var seen: [(String, Bool)] = []
    Container.shared.cachedService.decorator { instance, isNew in
      seen.append((instance.text(), isNew))
    }
    let first = Container.shared.cachedService()
    #expect(Container.shared.cachedService().id == first.id)
    #expect(Container.shared.cachedService().id == first.id)
    #expect(seen.map(\.0) == ["MyService", "MyService", "MyService"])
    #expect(seen.map(\.1) == [true, false, false])
  }

  @Test func aDeclaredDecoratorSeesEveryResolutionAsInFactory() {
    let audit = ResolutionAudit()
    ResolutionAudit.$shared.withValue(audit) {
      let first = Container.shared.decoratedService()
      _ = Container.shared.decoratedService()
      _ = Container.shared.decoratedService()
      #expect(audit.seen.map(\.id) == [first.id, first.id, first.id])
      #expect(audit.seen.map(\.isNew) == [true, false, false])
      Container.shared.decoratedService.reset(.scope)
      let rebuilt = Container.shared.decoratedService()
      #expect(audit.seen.last?.id == rebuilt.id)
      #expect(audit.seen.last?.isNew == true)
    }
  }

  @Test func aDecoratorChainedOntoARegistrationSeesKeptInstances() {
    var seen: [Bool] = []
    Container.shared.cachedService.register { MockService() }.decorator { _, isNew in
      seen.append(isNew)
    }
    _ = Container.shared.cachedService()
    _ = Container.shared.cachedService()
    #expect(seen == [true, false])
  }

  @Test func theContainersDecoratorSeesEveryResolutionOfFactoriesWithoutTheirOwn() {
    let seen = Seen()
    Container.shared.decorator { seen.add(String(describing: type(of: $0))) }
    _ = Container.shared.cachedService()
    _ = Container.shared.cachedService()
    ResolutionAudit.$shared.withValue(ResolutionAudit()) {
      _ = Container.shared.decoratedService()
    }
    #expect(seen.values == ["MyService", "MyService"])
  }

  // The two tests below sleep the thread rather than the task: a busy machine delays a task's
  // wake-up by seconds, a thread's far less. Each check is made only when the clock shows the
  // condition it needs held, so a stalled run checks less rather than failing.

  @Test func timeToLiveStartsAgainWithEachResolutionAsInFactory() {
    let ttl = 2.0  // as declared by `renewedService`
    let start = uptime()
    let first = Container.shared.renewedService()
    var previous = start
    var stalled = false
    for _ in 1...6 {
      Thread.sleep(forTimeInterval: 0.5)
      let resolved = Container.shared.renewedService()
      let now = uptime()
      stalled = now - previous >= ttl
      if stalled { break }
      #expect(resolved.id == first.id)
      previous = now
    }
    if !stalled { #expect(previous - start > ttl) }
    Thread.sleep(forTimeInterval: ttl + 0.2)
    #expect(Container.shared.renewedService().id != first.id)
  }

  @Test func expiringCountsFromTheBuildHoweverOftenItIsUsed() {
    let first = Container.shared.expiringService()
    #expect(Container.shared.expiringService().id == first.id)
    Thread.sleep(forTimeInterval: 0.6)
    _ = Container.shared.expiringService()
    Thread.sleep(forTimeInterval: 0.6)
    #expect(Container.shared.expiringService().id != first.id)
  }

  private func uptime() -> Double { ProcessInfo.processInfo.systemUptime }
}

/// A time to live applies to the factory's scope, as Factory's option does, whichever scope
/// modifier comes before or after it.
@Suite(.container) struct TimeToLiveOverAScopeTests {
  @Test func resettingTheSessionDropsAUserKeptWithATimeToLive() {
    let user = Container.shared.sessionUser()
    #expect(Container.shared.sessionUser().id == user.id)
    Container.shared.manager.reset(scope: .session)
    #expect(Container.shared.sessionUser().id != user.id)
  }

  @Test func aScopeWrittenAfterTheTimeToLiveKeepsIt() {
    let user = Container.shared.userOfTheSession()
    Container.shared.manager.reset(scope: .cached)
    #expect(Container.shared.userOfTheSession().id == user.id)
    Container.shared.manager.reset(scope: .session)
    #expect(Container.shared.userOfTheSession().id != user.id)
    let briefly = Container.shared.brieflyCached()
    Thread.sleep(forTimeInterval: 0.2)
    #expect(Container.shared.brieflyCached().id != briefly.id)
  }

  @Test func aSingletonWithATimeToLiveIsTheProcesssAndExpires() {
    let single = Container.shared.singletonForAMinute()
    #expect(Container().singletonForAMinute().id == single.id)
    Container.shared.manager.reset()
    #expect(Container.shared.singletonForAMinute().id == single.id)
    Scope.singleton.reset()
    #expect(Container.shared.singletonForAMinute().id != single.id)
    let brief = Container.shared.briefSingleton()
    Thread.sleep(forTimeInterval: 0.2)
    #expect(Container().briefSingleton().id != brief.id)
  }

  @Test func aTimeToLiveWrittenAsAStatementKeepsTheDeclaredScope() {
    Container.shared.sessionService.timeToLive(60)
    let user = Container.shared.sessionService()
    #expect(Container.shared.sessionService().id == user.id)
    Container.shared.manager.reset(scope: .session)
    #expect(Container.shared.sessionService().id != user.id)
    Container.shared.singletonService.timeToLive(0.05)
    let single = Container.shared.singletonService()
    #expect(Container().singletonService().id == single.id)
    Thread.sleep(forTimeInterval: 0.2)
    #expect(Container.shared.singletonService().id != single.id)
  }

  @Test func aTimeToLiveWrittenAsAStatementKeepsTheInstanceAlreadyKept() {
    let kept = Container.shared.cachedService()
    Container.shared.cachedService.timeToLive(60)
    #expect(Container.shared.cachedService().id == kept.id)
    Container.shared.cachedService.scope(.singleton)
    #expect(Container.shared.cachedService().id != kept.id)
  }

  @Test func aTimeToLiveWrittenAsAStatementCountsFromTheBuildOfTheInstanceAlreadyKept() {
    let kept = Container.shared.cachedService()
    Thread.sleep(forTimeInterval: 0.2)
    Container.shared.cachedService.timeToLive(0.1)
    let rebuilt = Container.shared.cachedService()
    #expect(rebuilt.id != kept.id)
    #expect(Container.shared.cachedService().id == rebuilt.id)
  }

  @Test func aUniqueFactoryKeepsNothingToExpire() {
    #expect(Container.shared.uniqueForAMinute().id != Container.shared.uniqueForAMinute().id)
  }

  @Test func modifiersChainedAfterRegisterChangeTheRegistration() {
    Container.shared.myServiceType.register { MockService() }.scope(.cached)
    let first = Container.shared.myServiceType()
    #expect(first.text() == "MockService")
    #expect(Container.shared.myServiceType().id == first.id)
  }

  @Test func onceLeavesRegistrationsAndStatementsInCharge() {
    Container.shared.onceService.register { MockService() }
    #expect(Container.shared.onceService().text() == "MockService")
    #expect(Container.shared.myServiceType.once().resolve().text() == "MyService")
  }

  @Test func onceKeepsTheDeclaredContextsResetUntilEverythingIsAsInFactory() {
    #expect(Container.shared.onceContextService().name == "ONCE")
    Container.shared.onceContextService.onTest { ContextService(name: "STATEMENT") }
    #expect(Container.shared.onceContextService().name == "STATEMENT")
    Container.shared.onceContextService.reset(.context)
    #expect(Container.shared.onceContextService().name == "FACTORY")
    Container.shared.onceContextService.reset(.scope)
    #expect(Container.shared.onceContextService().name == "FACTORY")
    Container.shared.manager.reset()
    #expect(Container.shared.onceContextService().name == "ONCE")
    Container.shared.onceContextService.reset(.context)
    #expect(Container.shared.onceContextService().name == "FACTORY")
    Container.shared.onceContextService.reset()
    #expect(Container.shared.onceContextService().name == "ONCE")
  }

  @Test func aRegistrationLeavesTheDeclaredContextsThatAResetDroppedDropped() {
    let service = Container().onceContextService
    #expect(service().name == "ONCE")
    service.reset(.context)
    service.register { ContextService(name: "REGISTERED") }
    #expect(service().name == "REGISTERED")
    service.reset(.registration)
    #expect(service().name == "FACTORY")
  }

  @Test func aResetOfTheContextsOverARegistrationLeavesTheRegistrationInCharge() {
    let container = Container()
    let service = container.onceContextService
    service.register { ContextService(name: "REGISTERED") }
    #expect(service().name == "ONCE")
    service.reset(.context)
    #expect(service().name == "REGISTERED")
    container.manager.reset(options: .registration)
    #expect(service().name == "FACTORY")
  }

  @Test func aSecondResetOfTheContextsDropsTheRegistrationsOwn() {
    let service = Container().onceContextService
    service.reset(.context)
    service.register { ContextService(name: "REGISTERED") }
      .onTest { ContextService(name: "REGISTERED TEST") }
    #expect(service().name == "REGISTERED TEST")
    service.reset(.context)
    #expect(service().name == "REGISTERED")
  }

  @Test func withoutOnceTheDeclaredContextsComeBackAfterAReset() {
    Container.shared.contextService.onTest { ContextService(name: "STATEMENT") }
    Container.shared.contextService.reset(.context)
    #expect(Container.shared.contextService().name == "FACTORY")
    FactoryContext.current.isDebug = true
    #expect(Container.shared.debugContextService().name == "DEBUG")
    Container.shared.debugContextService.reset(.context)
    #expect(Container.shared.debugContextService().name == "DEBUG")
  }

  @Test func aDeclarationWithAnExplicitKeyKeepsItsScopeWithoutStoringIt() {
    let first = Container.shared.keyedService()
    #expect(Container.shared.keyedService().id == first.id)
    // Had the declaration's `.cached` been stored like a statement, this would drop it and
    // its instance.
    Container.shared.reset(options: .registration)
    #expect(Container.shared.keyedService().id == first.id)
  }
}

/// Strings a decorator saw, in order.
final class Seen: @unchecked Sendable {
  // NB: `@unchecked` is sound because `items` is only touched while `lock` is held.
  private let lock = NSLock()
  private var items: [String] = []
  var values: [String] { lock.withLock { items } }
  func add(_ value: String) { lock.withLock { items.append(value) } }
}
