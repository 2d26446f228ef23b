import Testing
import Wiring

extension Container {
  fileprivate var declaredPrimary: Factory<Service> {
    Factory(self, key: "declaring.primary") { Service(name: "primary") }.cached
  }
  fileprivate var declaredSecondary: Factory<Service> {
    Factory(self, key: "declaring.secondary") { Service(name: "secondary") }.cached
  }
  fileprivate var declaredGreeting: ParameterFactory<String, Service> {
    ParameterFactory(self, key: "declaring.greeting") { Service(name: "hello \($0)") }
  }
  fileprivate var declaredAsync: AsyncFactory<Service> {
    AsyncFactory(self, key: "declaring.async") { Service(name: "async") }
  }
  fileprivate var declaredThrowing: AsyncThrowingFactory<Service> {
    AsyncThrowingFactory(self, key: "declaring.throwing") { Service(name: "throwing") }
  }
  @MainActor fileprivate var declaredOnMainActor: Factory<Service> {
    Factory(self, key: "declaring.main") { Service(name: "main") }
  }
  @MainActor fileprivate var asyncDeclaredOnMainActor: AsyncFactory<Service> {
    AsyncFactory(self, key: "declaring.mainAsync") { Service(name: "main async") }
  }
}

@Suite struct DeclaringTests {
  @Test func everyKindDeclaredWithAKeyBuildsWithItsBuilder() async throws {
    let container = Container()
    #expect(container.declaredPrimary().name == "primary")
    #expect(container.declaredGreeting("you").name == "hello you")
    #expect(await container.declaredAsync().name == "async")
    #expect(try await container.declaredThrowing().name == "throwing")
  }

  @Test func twoKeysOfOneTypeKeepTwoInstances() {
    let container = Container()
    #expect(container.declaredPrimary() !== container.declaredSecondary())
    #expect(container.declaredPrimary() === container.declaredPrimary())
  }

  @Test func aFactoryDeclaredOnTheMainActorStopsWhenResolvedOffIt() async {
    let factory = await MainActor.run { Container().declaredOnMainActor }
    let outcome = catchResolutionFailure { factory() }
    guard case .failure(let failure) = outcome else {
      Issue.record("built a main-actor declaration off the main actor")
      return
    }
    #expect(failure.kind == .offMainActor)
  }

  @Test func anAsyncFactoryDeclaredOnTheMainActorBuildsAnywhere() async {
    let factory = await MainActor.run { Container().asyncDeclaredOnMainActor }
    #expect(await factory().name == "main async")
  }
}
