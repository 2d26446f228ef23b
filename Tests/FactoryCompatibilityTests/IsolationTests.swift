import Foundation
import Testing
import Wiring
import WiringTesting

// Main-actor view models, a coordinator that registers itself, and tests that count builds in a
// local variable: the code most Factory apps are made of, in Factory's spelling.

@MainActor final class ContentViewModel {
  let service: MyServiceType
  init(service: MyServiceType = Container.shared.myServiceType()) { self.service = service }
}

@MainActor final class DetailViewModel {
  let id: Int
  init(id: Int) { self.id = id }
}

@MainActor protocol Router: AnyObject {
  func show(_ id: Int)
}

@MainActor final class Coordinator: Router {
  private(set) var shown: [Int] = []
  func start() {
    Container.shared.router.register { self }
  }
  func show(_ id: Int) { shown.append(id) }
}

@MainActor final class ListViewModel {
  @Injected(\.router) var router
  @Injected(\.contentViewModel) var content
  @LazyInjected(\.contentViewModel) var lazyContent
  func select(_ id: Int) { router?.show(id) }
}

/// A key path carried where the compiler cannot follow it, as code in a Swift 5 module or behind
/// `@preconcurrency` carries one.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
  // NB: `@unchecked` on purpose: these tests resolve a main-actor factory off the main actor,
  // which is what Wiring's check must catch.
  let keyPath: KeyPath<Root, Value>
}

@globalActor actor BackgroundActor {
  static let shared = BackgroundActor()
}

@BackgroundActor final class Indexer {
  var count = 0
}

extension Container {
  @MainActor var contentViewModel: Factory<ContentViewModel> { self { ContentViewModel() } }
  @MainActor var detailViewModel: ParameterFactory<Int, DetailViewModel> {
    self { DetailViewModel(id: $0) }
  }
  @MainActor var router: Factory<Router?> { self { nil } }
  @BackgroundActor var indexer: Factory<Indexer> { self { Indexer() }.cached }
  @BackgroundActor var countedIndexer: ParameterFactory<Int, Indexer> {
    self { count in
      let indexer = Indexer()
      indexer.count = count
      return indexer
    }
  }
}

@Suite(.container) struct IsolationTests {
  @MainActor @Test func aMainActorFactoryResolvesOnTheMainActor() {
    let model = Container.shared.contentViewModel()
    #expect(model.service.text() == "MyService")
    #expect(Container.shared.detailViewModel(7).id == 7)
  }

  @Test func resolveOnMainActorHopsThere() async {
    let model = await Container.shared.contentViewModel.resolveOnMainActor()
    let detail = await Container.shared.detailViewModel.resolveOnMainActor(3)
    #expect(model.service.text() == "MyService")
    #expect(detail.id == 3)
  }

  @Test func resolveOnGlobalActorBuildsOnThatActor() async {
    let indexer = await Container.shared.indexer.resolveOnGlobalActor(BackgroundActor.shared)
    let again = await Container.shared.indexer.resolveOnGlobalActor(BackgroundActor.shared)
    #expect(indexer === again)
    let counted = await Container.shared.countedIndexer.resolveOnGlobalActor(
      BackgroundActor.shared, parameters: 5)
    #expect(await counted.count == 5)
  }

  @MainActor @Test func aCoordinatorRegistersItselfAsTheRouter() {
    let coordinator = Coordinator()
    coordinator.start()
    let list = ListViewModel()
    list.select(4)
    #expect(coordinator.shown == [4])
    #expect(list.content !== list.lazyContent)
  }

  @MainActor @Test func theRegistrationSugarRegisters() {
    Container.shared.myServiceType { MockService() }
    #expect(Container.shared.myServiceType().text() == "MockService")
    Container.shared.parameterService { ParameterService(value: $0 * 2) }
    #expect(Container.shared.parameterService(4).value == 8)
  }

  @MainActor @Test func aRegistrationCanCountBuildsInALocalVariable() {
    var built = 0
    Container.shared.myServiceType.register {
      built += 1
      return MockService()
    }
    _ = Container.shared.myServiceType()
    _ = Container.shared.myServiceType()
    #expect(built == 2)
  }

  @Test func aMainActorFactoryResolvedOffTheMainActorNamesTheFactory() async {
    // Swift 6 stops every direct call; code the compiler cannot check gets through.
    let path = await MainActor.run { UncheckedKeyPath(keyPath: \Container.contentViewModel) }
    let outcome = catchResolutionFailure { Container.shared[keyPath: path.keyPath]() }
    guard case .failure(let failure) = outcome else {
      Issue.record("resolved a main-actor view model off the main actor")
      return
    }
    #expect(failure.kind == .offMainActor)
    #expect(failure.chain == ["Container.contentViewModel"])
    #expect(
      failure.description
        == "Wiring: Container.contentViewModel builds on the main actor but was resolved off it. "
        + "Resolve it from main-actor code or with "
        + "`await Container.shared.contentViewModel.resolveOnMainActor()`, "
        + "or declare it `nonisolated` if it needs no main actor.")
  }

  @Test func aFakeRegisteredFromMainActorCodeBuildsAnywhere() async {
    await MainActor.run { _ = Container.shared.myServiceType.register { MockService() } }
    let outcome = catchResolutionFailure { Container.shared.myServiceType().text() }
    #expect(outcome == .success("MockService"))
  }
}
