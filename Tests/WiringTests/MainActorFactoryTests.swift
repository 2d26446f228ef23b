import Testing
import Wiring

/// A main-actor type: its initializer may only run on the main actor.
@MainActor
private final class ProfileScreenModel {
  let name: String
  init(name: String = "live") { self.name = name }
}

/// Resolves its model when it is initialized, on the main actor.
@MainActor
private final class ProfileScreen {
  @Injected(\.mainActorCachedProfile) var model
}

/// A module's own container, with a main-actor factory.
private final class ScreenContainer: SharedContainer {
  @TaskLocal static var shared = ScreenContainer()
  let manager = ContainerManager()
  init() {}

  @MainActor
  fileprivate var profile: MainActorFactory<ProfileScreenModel> {
    self { ProfileScreenModel(name: "screens") }.cached
  }
}

/// Resolves its model from `ScreenContainer.shared` when it is initialized.
@MainActor
private final class ScreenOfItsOwnContainer {
  @Injected(\ScreenContainer.profile) var model
}

extension Container {
  @MainActor
  fileprivate var mainActorProfile: MainActorFactory<ProfileScreenModel> {
    self { ProfileScreenModel() }
  }
  @MainActor
  fileprivate var mainActorCachedProfile: MainActorFactory<ProfileScreenModel> {
    self { ProfileScreenModel() }.cached
  }
  @MainActor
  fileprivate func mainActorCountedProfile(
    _ scope: Scope, _ runs: Counter
  ) -> MainActorFactory<ProfileScreenModel> {
    MainActorFactory(self, key: "mainActorTests.counted") {
      runs.increment()
      return ProfileScreenModel()
    }.scope(scope)
  }
}

@Suite @MainActor struct MainActorFactoryTests {
  @Test func buildsANewMainActorInstanceOnEveryResolutionByDefault() {
    let runs = Counter()
    let factory = Container().mainActorCountedProfile(.unique, runs)
    let first = factory()
    let second = factory.resolve()
    #expect(first !== second)
    #expect(first.name == "live")
    #expect(runs.value == 2)
  }

  @Test func registeredBuilderWinsUntilReset() {
    let container = Container()
    container.mainActorProfile.register { ProfileScreenModel(name: "preview") }
    #expect(container.mainActorProfile().name == "preview")
    container.mainActorProfile.reset()
    #expect(container.mainActorProfile().name == "live")
  }

  @Test func cachedScopeKeepsOneInstanceUntilReset() {
    let runs = Counter()
    let container = Container()
    let first = container.mainActorCountedProfile(.cached, runs)()
    #expect(container.mainActorCountedProfile(.cached, runs)() === first)
    #expect(runs.value == 1)
    container.manager.reset(scope: .cached)
    #expect(container.mainActorCountedProfile(.cached, runs)() !== first)
    #expect(runs.value == 2)
  }

  @Test func registrationOnACachedFactoryIsCached() {
    let container = Container()
    container.mainActorCachedProfile.register { ProfileScreenModel(name: "preview") }
    let first = container.mainActorCachedProfile()
    #expect(first.name == "preview")
    #expect(container.mainActorCachedProfile() === first)
  }

  @Test func injectedResolvesAMainActorFactoryOfACustomContainer() {
    let container = ScreenContainer()
    let screen = ScreenContainer.$shared.withValue(container) { ScreenOfItsOwnContainer() }
    #expect(screen.model.name == "screens")
    #expect(screen.model === container.profile())
  }

  @Test func injectedResolvesAMainActorFactoryFromShared() {
    let container = Container()
    let screen = Container.$shared.withValue(container) { ProfileScreen() }
    #expect(screen.model === container.mainActorCachedProfile())
  }
}
