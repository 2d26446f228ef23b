import Testing

@testable import Wiring

/// A view model: main-actor, told apart by identity.
@MainActor
private final class ScreenModel {
  var query = ""
  let origin: String
  init(origin: String = "declared") { self.origin = origin }
}

extension Container {
  /// How many times `screenModel` built, kept per container.
  fileprivate var screenModelBuilds: Factory<Counter> { self { Counter() }.cached }
  @MainActor fileprivate var screenModel: Factory<ScreenModel> {
    self {
      self.screenModelBuilds().increment()
      return ScreenModel()
    }
  }
  @MainActor fileprivate var pinnedScreenModel: MainActorFactory<ScreenModel> {
    self { ScreenModel(origin: "main-actor factory") }
  }
}

private final class ScreenContainer: SharedContainer {
  @TaskLocal static var shared = ScreenContainer()
  let manager = ContainerManager()
  @MainActor var screenModel: Factory<ScreenModel> { self { ScreenModel(origin: "screens") } }
}

/// What `InjectedObject` and `InjectedObservable` keep for a view, without SwiftUI.
@Suite @MainActor struct ViewDependencyTests {
  @Test func makingADependencyResolvesNothing() {
    let container = Container()
    Container.$shared.withValue(container) {
      _ = ViewDependency(\Container.screenModel)
      #expect(container.screenModelBuilds().value == 0)
    }
  }

  @Test func theFirstReadResolvesAndLaterReadsReturnTheSameInstance() {
    let container = Container()
    Container.$shared.withValue(container) {
      let dependency = ViewDependency(\Container.screenModel)
      let first = dependency.value
      #expect(dependency.value === first)
      #expect(dependency.value === first)
      #expect(container.screenModelBuilds().value == 1)
    }
  }

  @Test func aViewMadeAgainResolvesOnlyForTheDependencySwiftUIKeeps() {
    let container = Container()
    Container.$shared.withValue(container) {
      // As `State` and `StateObject` do: the first value made for an identity is kept; the
      // values made each time the parent's body runs again are dropped unread.
      let kept = ViewDependency(\Container.screenModel)
      for _ in 1...3 { _ = ViewDependency(\Container.screenModel) }
      _ = kept.value
      _ = kept.value
      #expect(container.screenModelBuilds().value == 1)
    }
  }

  @Test func eachViewIdentityResolvesItsOwnInstance() {
    Container.$shared.withValue(Container()) {
      let one = ViewDependency(\Container.screenModel)
      let other = ViewDependency(\Container.screenModel)
      #expect(one.value !== other.value)
    }
  }

  @Test func theContainerIsReadAtTheFirstReadNotWhenTheViewIsMade() {
    let container = Container()
    Container.$shared.withValue(container) {
      let dependency = ViewDependency(\Container.screenModel)
      container.screenModel.register { ScreenModel(origin: "registered by a preview") }
      #expect(dependency.value.origin == "registered by a preview")
    }
  }

  @Test func mainActorFactoriesAndCustomContainersResolveThroughTheirSharedInstance() {
    Container.$shared.withValue(Container()) {
      #expect(ViewDependency(\Container.pinnedScreenModel).value.origin == "main-actor factory")
    }
    ScreenContainer.$shared.withValue(ScreenContainer()) {
      #expect(ViewDependency(\ScreenContainer.screenModel).value.origin == "screens")
    }
  }

  @Test func aGivenInstanceIsKeptInsteadOfResolving() {
    let container = Container()
    Container.$shared.withValue(container) {
      let given = ScreenModel(origin: "given")
      let dependency = ViewDependency { given }
      #expect(dependency.value === given)
      #expect(container.screenModelBuilds().value == 0)
    }
  }
}
