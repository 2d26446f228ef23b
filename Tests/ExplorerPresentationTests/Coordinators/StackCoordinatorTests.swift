import ExplorerDomain
import ExplorerPresentation
import Testing
import Wiring
import WiringTesting

@MainActor
@Suite(.explorer) struct StackCoordinatorTests {
  @Test func showingRoutesPushesThemWithTheirScreens() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      try await navigator.show(.search(.dependencyInjection))
      try await navigator.show(.repository(.factory))
      try await navigator.show(.readme(.factory))
      #expect(
        navigator.stack.routes == [
          .search(.dependencyInjection), .repository(.factory), .readme(.factory),
        ])
      guard case .readme(let model) = navigator.screen else {
        Issue.record("expected the README screen on top")
        return
      }
      #expect(model.state.name == .factory)
    }
  }

  @Test func aRouteThatFailsToLoadIsNotPushed() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      try await navigator.show(.search(.dependencyInjection))
      await #expect(throws: PresentationError.self) {
        try await navigator.show(.repository(.missing))
      }
      #expect(navigator.stack.routes == [.search(.dependencyInjection)])
      guard case .search = navigator.screen else {
        Issue.record("expected the search screen to stay on top")
        return
      }
    }
  }

  @Test func backPopsAndFailsAtHome() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      try await navigator.show(.repository(.factory))
      try navigator.back()
      #expect(navigator.stack.isAtHome)
      #expect(navigator.screen == nil)
      #expect(throws: PresentationError.nothingToGoBackTo) { try navigator.back() }
    }
  }

  @Test func homeClearsTheStack() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      try await navigator.show(.search(.dependencyInjection))
      try await navigator.show(.repository(.swinject))
      navigator.home()
      #expect(navigator.stack.isAtHome)
    }
  }

  @Test func openingARowFromTheSearchScreenPushesTheRepository() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      try await navigator.show(.search(.dependencyInjection))
      guard case .search(let search) = navigator.screen else {
        Issue.record("expected the search screen")
        return
      }
      await search.open(row: 1)
      #expect(navigator.stack.current == .repository(.swinject))
    }
  }

  @Test func aResolvedScreenIsTheRoutesViewModelNotYetLoaded() async {
    await withExplorer { container in
      guard case .search(let model) = Screen.resolved(for: .search(.dependencyInjection)) else {
        Issue.record("the search route resolved another screen")
        return
      }
      #expect(model.state.phase == .idle)
      guard case .readme = Screen.resolved(for: .readme(.factory)) else {
        Issue.record("the readme route resolved another screen")
        return
      }
      #expect(container.navigator().stack.isAtHome)
    }
  }

  @Test func eachContainerHasANavigatorOfItsOwn() async throws {
    try await withExplorer { one in
      try await one.navigator().show(.repository(.factory))
      withIsolatedContainer {
        #expect(Container.shared.navigator().stack.isAtHome)
      }
      #expect(one.navigator().stack.routes == [.repository(.factory)])
    }
  }

  @Test func viewModelsComeFromTheStoreRegisteredInTheContainer() async throws {
    try await withExplorer { container in
      let name = RepositoryName(owner: "hmlongco", name: "Factory")
      let swapped = RepositoryDetail(
        summary: RepositorySummary(
          id: 1, name: name, description: "swapped", stars: 1, forks: 0, openIssues: 0,
          language: nil, topics: [], license: nil, isArchived: false, isFork: false,
          createdAt: nil, updatedAt: nil, pushedAt: nil, defaultBranch: nil, htmlURL: nil),
        watchers: 0, subscribers: nil, homepage: nil, sizeInKilobytes: nil, parent: nil,
        readme: nil)
      container.openRepository.register { FixedRepository(detail: swapped) }
      let navigator = container.navigator()
      try await navigator.show(.repository(name))
      guard case .repository(let model) = navigator.screen else {
        Issue.record("expected the repository screen")
        return
      }
      #expect(model.state.detail?.summary.description == "swapped")
    }
  }
}

/// An open-repository use case that answers with one detail, whatever is asked.
private struct FixedRepository: OpenRepositoryUseCase {
  let detail: RepositoryDetail
  func callAsFunction(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail {
    detail
  }
}
