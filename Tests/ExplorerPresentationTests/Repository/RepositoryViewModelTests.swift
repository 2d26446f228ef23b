import ExplorerDomain
import ExplorerPresentation
import ExplorerTestSupport
import Testing
import Wiring
import WiringTesting

@MainActor
@Suite(.explorer) struct RepositoryViewModelTests {
  @Test func loadsTheDetailWithItsReadme() async {
    await withExplorer { container in
      let model = container.repositoryViewModel()
      await model.load(.factory)
      #expect(model.state.phase == .ready)
      #expect(model.state.detail?.summary.name == .factory)
      #expect(model.state.detail?.readme?.text.isEmpty == false)
    }
  }

  @Test func aMissingRepositoryFailsWithNotFound() async {
    await withExplorer { container in
      let model = container.repositoryViewModel()
      await model.load(.missing)
      guard case .failed(.failed(.notFound)) = model.state.phase else {
        Issue.record("expected not found, got \(model.state.phase)")
        return
      }
      #expect(model.state.detail == nil)
    }
  }

  @Test func openingTheReadmeAsksTheNavigator() async {
    let navigator = RecordingNavigator()
    await withExplorer({ $0.navigator.register { navigator } }) { container in
      let model = container.repositoryViewModel()
      await model.load(.factory)
      await model.openReadme()
      #expect(navigator.shown == [.readme(.factory)])
    }
  }

  @Test func aRepositoryWithoutReadmeSaysSoAndNavigatesNowhere() async {
    let navigator = RecordingNavigator()
    await withExplorer({ $0.navigator.register { navigator } }) { container in
      let model = container.repositoryViewModel()
      await model.load(.lightDI)
      #expect(model.state.phase == .ready)
      await model.openReadme()
      #expect(model.state.phase == .failed(.noReadme(.lightDI)))
      #expect(navigator.shown.isEmpty)
    }
  }
}
