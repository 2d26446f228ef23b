import ExplorerDomain
import ExplorerPresentation
import Testing
import Wiring
import WiringTesting

@MainActor
@Suite(.explorer) struct ReadmeViewModelTests {
  @Test func loadsTheReadmeText() async {
    await withExplorer { container in
      let model = container.readmeViewModel()
      await model.load(.factory)
      #expect(model.state.phase == .ready)
      #expect(model.state.readme?.text.contains("Factory") == true)
    }
  }

  @Test func aRepositoryWithoutReadmeFailsWithNoReadme() async {
    await withExplorer { container in
      let model = container.readmeViewModel()
      await model.load(.lightDI)
      #expect(model.state.phase == .failed(.noReadme(.lightDI)))
    }
  }
}
