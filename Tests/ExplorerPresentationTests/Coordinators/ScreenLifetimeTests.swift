import ExplorerDomain
import ExplorerPresentation
import Testing
import Wiring
import WiringTesting

/// Weak references to the view models a navigator showed, to tell which are still alive.
@MainActor
private final class Survivors {
  private var models: [(route: String, model: Weak)] = []

  struct Weak {
    weak var object: AnyObject?
  }

  func remember(_ screen: Screen?, as route: String) {
    switch screen {
    case .search(let model): models.append((route, Weak(object: model)))
    case .repository(let model): models.append((route, Weak(object: model)))
    case .readme(let model): models.append((route, Weak(object: model)))
    case nil: Issue.record("no screen for \(route)")
    }
  }

  /// The routes whose view models are still alive.
  var alive: [String] { models.filter { $0.model.object != nil }.map(\.route) }
}

@MainActor
@Suite(.explorer) struct ScreenLifetimeTests {
  @Test func backFreesTheViewModelOfTheScreenItLeaves() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      let survivors = Survivors()
      try await navigator.show(.search(.dependencyInjection))
      survivors.remember(navigator.screen, as: "search")
      try await navigator.show(.repository(.factory))
      survivors.remember(navigator.screen, as: "repository")
      try await navigator.show(.readme(.factory))
      survivors.remember(navigator.screen, as: "readme")
      try navigator.back()
      #expect(survivors.alive == ["search", "repository"])
      try navigator.back()
      #expect(survivors.alive == ["search"])
    }
  }

  @Test func homeFreesEveryViewModel() async throws {
    try await withExplorer { container in
      let navigator = container.navigator()
      let survivors = Survivors()
      try await navigator.show(.search(.dependencyInjection))
      survivors.remember(navigator.screen, as: "search")
      try await navigator.show(.repository(.factory))
      survivors.remember(navigator.screen, as: "repository")
      navigator.home()
      #expect(survivors.alive.isEmpty)
    }
  }
}
