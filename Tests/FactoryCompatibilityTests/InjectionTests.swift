import Testing
import Wiring
import WiringTesting

private final class Consumer {
  @Injected(\.cachedService) var injected
  @LazyInjected(\.cachedService) var lazy
  @WeakLazyInjected(\.sharedService) var weak
  @DynamicInjected(\.myServiceType) var dynamic
  @Injected(\CustomContainer.customService) var custom
}

@Suite(.container) struct InjectionTests {
  @Test func projectedValuesReachTheFactory() {
    let consumer = Consumer()
    consumer.$injected.factory.register { MockServiceN(1) }
    #expect(Container.shared.cachedService().text() == "MockService1")
    #expect(consumer.$lazy.factory().text() == "MockService1")
    consumer.$dynamic.register { MockServiceN(2) }
    #expect(consumer.dynamic.text() == "MockService2")
  }

  @Test func injectedResolvesAgainAfterAReset() {
    let consumer = Consumer()
    let first = consumer.injected
    consumer.$injected.resolve()
    #expect(consumer.injected.id == first.id)
    consumer.$injected.resolve(reset: .scope)
    #expect(consumer.injected.id != first.id)
  }

  @Test func lazyInjectedTellsWhetherItResolved() {
    let consumer = Consumer()
    #expect(consumer.$lazy.resolvedOrNil() == nil)
    let resolved = consumer.lazy
    #expect(consumer.$lazy.resolvedOrNil()?.id == resolved.id)
    consumer.$lazy.resolve(reset: .scope)
    #expect(consumer.lazy.id != resolved.id)
  }

  @Test func lazyWrappersCanBeAssigned() {
    let consumer = Consumer()
    let replacement = MockService()
    consumer.lazy = replacement
    #expect(consumer.lazy.id == replacement.id)
    consumer.weak = replacement
    #expect(consumer.weak?.id == replacement.id)
    consumer.weak = nil
    #expect(consumer.weak == nil)
  }

  @Test func weakLazyInjectedTellsWhetherItsObjectIsAlive() {
    let consumer = Consumer()
    #expect(consumer.$weak.resolvedOrNil() == nil)
    var strong: MyServiceType? = Container.shared.sharedService()
    consumer.$weak.resolve()
    #expect(consumer.$weak.resolvedOrNil()?.id == strong?.id)
    strong = nil
    #expect(consumer.$weak.resolvedOrNil() == nil)
    #expect(consumer.$weak.factory().text() == "MyService")
  }

  @Test func weakLazyInjectedReturnsWhatItsFirstReadResolvedThenOnlyWhatOthersHold() {
    let consumer = Consumer()
    // Nothing else holds the instance: the first read hands it over (Factory's returns nil),
    // and once the read's caller lets go, later reads find nothing.
    #expect(consumer.weak?.text() == "MyService")
    #expect(consumer.weak == nil)
    #expect(consumer.$weak.resolvedOrNil() == nil)
  }

  @Test func dependencyResolvesAKeyPath() {
    Container.shared.myServiceType.register { MockService() }
    let service: MyServiceType = dependency(\.myServiceType)
    #expect(service.text() == "MockService")
    let parameter: ParameterService = dependency(\.parameterService, parameter: 7)
    #expect(parameter.value == 7)
    let custom: MyServiceType = dependency(\CustomContainer.customService)
    #expect(custom.text() == "MyService")
  }

  @available(*, deprecated, message: "calls Factory's deprecated resolve(_:) on purpose")
  @Test func theDeprecatedResolveResolvesAKeyPathAsDependencyDoes() {
    Container.shared.myServiceType.register { MockService() }
    let service: MyServiceType = resolve(\.myServiceType)
    #expect(service.text() == "MockService")
    let custom: MyServiceType = resolve(\CustomContainer.customService)
    #expect(custom.text() == "MyService")
  }

  @Test func sharedLooksThroughAnOptional() {
    let first = Container.shared.optionalSharedService()
    #expect(first != nil)
    #expect(Container.shared.optionalSharedService() === first)
  }
}
