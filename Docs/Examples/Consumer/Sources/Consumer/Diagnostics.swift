import Foundation
import Wiring

// MARK: Declarations

final class SearchClient: Sendable {}
final class SearchCache: Sendable {}

final class SearchUseCase: Sendable {
  let client: SearchClient
  let cache: SearchCache
  init(client: SearchClient, cache: SearchCache) {
    self.client = client
    self.cache = cache
  }
}

final class SearchViewModel: Sendable {
  let search: SearchUseCase
  let cache: SearchCache
  init(search: SearchUseCase, cache: SearchCache) {
    self.search = search
    self.cache = cache
  }
}

extension Container {
  var searchClient: Factory<SearchClient> { self { SearchClient() }.singleton }
  var searchCache: Factory<SearchCache> { self { SearchCache() }.cached }
  var searchUseCase: Factory<SearchUseCase> {
    self { SearchUseCase(client: self.searchClient(), cache: self.searchCache()) }
  }
  var searchViewModel: Factory<SearchViewModel> {
    self { SearchViewModel(search: self.searchUseCase(), cache: self.searchCache()) }
  }
}

/// Collects trace lines from any thread, as a logger would.
final class TraceLog: @unchecked Sendable {
  // NB: `@unchecked` is sound because `lines` is only touched while `lock` is held.
  private let lock = NSLock()
  private var lines: [String] = []
  var all: [String] { lock.withLock { lines } }
  func debug(_ line: String) { lock.withLock { lines.append(line) } }
}

// MARK: Run

@MainActor
func runDiagnostics() {
  Report.section("Diagnostics")
  let container = Container()
  defer { container.manager.reset(scope: .singleton) }

  let logger = TraceLog()
  container.manager.onResolution = { event in logger.debug("\(event)") }
  _ = container.searchViewModel()
  container.manager.onResolution = nil
  check(
    "a trace reports each resolution, indented by depth, built or cached",
    logger.all == [
      "Container.searchViewModel: SearchViewModel [unique] built",
      "  Container.searchUseCase: SearchUseCase [unique] built",
      "    Container.searchClient: SearchClient [singleton] built",
      "    Container.searchCache: SearchCache [cached] built",
      "  Container.searchCache: SearchCache [cached] cached",
    ])

  let (model, graph) = container.manager.recordingGraph { container.searchViewModel() }
  check("recordingGraph returns the value it resolved", model.cache === container.searchCache())
  check(
    "the graph prints as a tree",
    graph.tree == """
      Container.searchViewModel: SearchViewModel [unique]
      ├─ Container.searchUseCase: SearchUseCase [unique]
      │  ├─ Container.searchClient: SearchClient [singleton]
      │  └─ Container.searchCache: SearchCache [cached]
      └─ Container.searchCache: SearchCache [cached] (see above)
      """)
  if CommandLine.arguments.contains("--print-graph") { print(graph.mermaid) }
  check("the graph prints as Mermaid", graph.mermaid.hasPrefix("flowchart TD\n  n0[\""))

  let report = container.verify(\.searchViewModel, \.accounts)
  check(
    "verify reports every fault as a value",
    report.faults.map(\.kind) == [.cycle] && report.checked.count == 2)

  container.searchClient.register { SearchClient() }
  check(
    "dump lists overrides and kept instances",
    container.manager.dump().overrides.map(\.key).contains("Container.searchClient")
      && container.manager.dump().instances.map(\.key) == ["Container.searchCache"])
}
