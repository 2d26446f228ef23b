import Testing
import Wiring

extension Container {
  fileprivate var graphStore: Factory<Service> { self { Service(name: "store") }.singleton }
  fileprivate var graphClient: Factory<Service> { self { Service(name: "client") }.cached }
  fileprivate var graphUseCase: Factory<Service> {
    self {
      _ = self.graphStore()
      _ = self.graphClient()
      return Service(name: "use case")
    }
  }
  fileprivate var graphViewModel: Factory<Service> {
    self {
      _ = self.graphUseCase()
      _ = self.graphClient()
      return Service(name: "view model")
    }
  }
  fileprivate var graphAvatar: ParameterFactory<String, Service> { self { Service(name: $0) } }
}

@Suite struct ResolutionGraphTests {
  @Test func recordsWhichFactoryResolvedWhich() {
    let container = Container()
    defer { container.graphStore.reset() }
    let (service, graph) = container.manager.recordingGraph { container.graphViewModel() }
    #expect(service.name == "view model")
    #expect(
      graph.nodes.map(\.name) == [
        "Container.graphViewModel", "Container.graphUseCase", "Container.graphStore",
        "Container.graphClient",
      ])
    let edges = graph.edges.map { [graph.nodes[$0.from].name, graph.nodes[$0.to].name] }
    #expect(
      edges == [
        ["Container.graphViewModel", "Container.graphUseCase"],
        ["Container.graphUseCase", "Container.graphStore"],
        ["Container.graphUseCase", "Container.graphClient"],
        ["Container.graphViewModel", "Container.graphClient"],
      ])
    #expect(graph.roots == [0])
    #expect(graph.nodes[3].builds == 1)
    #expect(graph.nodes[3].reuses == 1)
    #expect(graph.nodes.map(\.scope) == [.unique, .unique, .singleton, .cached])
    #expect(
      graph.dependencies(of: 0).map(\.name) == ["Container.graphUseCase", "Container.graphClient"])
    #expect(graph.dependencies(of: 3).isEmpty)
    #expect(graph.description == graph.tree)
  }

  @Test func rendersATreeThatMarksRepeatedFactories() {
    let container = Container()
    defer { container.graphStore.reset() }
    let graph = container.manager.recordingGraph { container.graphViewModel() }.graph
    #expect(
      graph.tree == """
        Container.graphViewModel: Service [unique]
        ├─ Container.graphUseCase: Service [unique]
        │  ├─ Container.graphStore: Service [singleton]
        │  └─ Container.graphClient: Service [cached]
        └─ Container.graphClient: Service [cached] (see above)
        """)
  }

  @Test func recordsNothingOutsideTheRecordedCode() {
    let container = Container()
    _ = container.graphClient()
    let graph = container.manager.recordingGraph { 1 }.graph
    _ = container.graphClient()
    #expect(graph.isEmpty)
    #expect(graph.tree.isEmpty)
  }

  @Test func leavesOtherThreadsOutOfTheGraph() {
    let container = Container()
    let graph = container.manager.recordingGraph {
      onThreads(4) { _ in _ = container.graphAvatar("other thread") }
      return container.graphAvatar("recorded")
    }.graph
    #expect(graph.nodes.map(\.name) == [#"Container.graphAvatar("recorded")"#])
  }

  @Test func followsTheRecordedTaskAcrossAwaitsAndIntoChildTasks() async {
    let container = Container()
    let graph = await container.manager.recordingGraph {
      _ = container.graphAvatar("before")
      await Task.yield()
      async let child = container.graphAvatar("child")
      _ = await child
      await Task.detached { _ = container.graphAvatar("detached") }.value
      return container.graphAvatar("after")
    }.graph
    #expect(
      Set(graph.nodes.map(\.parameter)) == [#""before""#, #""child""#, #""after""#])
    #expect(graph.roots.count == 3)
  }

  @Test func nestedRecordingsBothSeeTheInnerResolutions() {
    let container = Container()
    let (inner, outer) = container.manager.recordingGraph {
      _ = container.graphAvatar("outer")
      return container.manager.recordingGraph { container.graphAvatar("inner") }.graph
    }
    #expect(inner.nodes.map(\.parameter) == [#""inner""#])
    #expect(outer.nodes.map(\.parameter) == [#""outer""#, #""inner""#])
  }

  @Test func aThrowingRecordingRethrowsAndTheNextRecordingStartsAfresh() {
    struct Stop: Error {}
    let container = Container()
    #expect(throws: Stop.self) {
      try container.manager.recordingGraph { () throws -> Int in
        _ = container.graphAvatar("thrown")
        throw Stop()
      }
    }
    let graph = container.manager.recordingGraph { container.graphAvatar("next") }.graph
    #expect(graph.nodes.map(\.parameter) == [#""next""#])
  }
}
