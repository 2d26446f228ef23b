import ExplorerDomain
import ExplorerPresentation
import ExplorerTestSupport
import Testing
import Wiring
import WiringTesting

@MainActor
@Suite(.explorer) struct SearchViewModelTests {
  @Test func aSearchShowsTheFirstPageAndTheTotal() async {
    await withExplorer { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      #expect(model.state.phase == .ready)
      #expect(model.state.items.count == 10)
      #expect(model.state.items.first?.name == .swinject)
      #expect(model.state.totalCount == 27)
      #expect(model.state.canLoadMore)
    }
  }

  @Test func loadMoreAppendsPagesUntilTheLastThenSaysThereAreNoMore() async {
    await withExplorer { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      await model.loadMore()
      #expect(model.state.items.count == 20)
      await model.loadMore()
      #expect(model.state.items.count == 27)
      #expect(!model.state.canLoadMore)
      await model.loadMore()
      #expect(model.state.phase == .failed(.noMorePages(shown: 27, total: 27)))
      #expect(model.state.items.count == 27)
    }
  }

  @Test func aFailedSearchKeepsTheRowsAlreadyShown() async {
    await withExplorer { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      await model.search(.invalid)
      guard case .failed(.failed(.invalidQuery(let message))) = model.state.phase else {
        Issue.record("expected an invalid query, got \(model.state.phase)")
        return
      }
      #expect(message.contains("cannot be searched"))
      #expect(model.state.items.count == 10)
      #expect(model.state.query == .dependencyInjection)
    }
  }

  @Test func anEmptyResultIsReadyNotFailed() async {
    await withExplorer { container in
      let model = container.searchViewModel()
      await model.search(.empty)
      #expect(model.state.phase == .ready)
      #expect(model.state.items.isEmpty)
      #expect(model.state.totalCount == 0)
    }
  }

  @Test(arguments: [0, -1, 11, 1_000])
  func openingARowOutsideTheListFailsAndShowsNothing(row: Int) async {
    let navigator = RecordingNavigator()
    await withExplorer({ $0.navigator.register { navigator } }) { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      await model.open(row: row)
      #expect(model.state.phase == .failed(.rowOutOfRange(row: row, count: 10)))
      #expect(navigator.shown.isEmpty)
    }
  }

  @Test func openingARowAsksTheNavigatorForThatRepository() async {
    let navigator = RecordingNavigator()
    await withExplorer({ $0.navigator.register { navigator } }) { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      await model.open(row: 2)
      #expect(navigator.shown == [.repository(.factory)])
      #expect(model.state.phase == .ready)
    }
  }

  @Test func aRepositoryThatFailsToOpenLeavesTheListAsItWas() async {
    let navigator = RecordingNavigator()
    navigator.failure = .failed(.notFound(what: "repository hmlongco/Factory"))
    await withExplorer({ $0.navigator.register { navigator } }) { container in
      let model = container.searchViewModel()
      await model.search(.dependencyInjection)
      await model.open(row: 2)
      #expect(model.state.phase == navigator.failure.map(Phase.failed))
      #expect(model.state.items.count == 10)
    }
  }
}
