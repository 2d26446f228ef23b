import Testing
import Wiring

extension Container {
  fileprivate var asyncStore: AsyncFactory<Service> { self { Service(name: "store") }.cached }
  fileprivate var asyncSyncPart: Factory<Service> { self { Service(name: "sync part") } }
  fileprivate var asyncUseCase: AsyncFactory<Service> {
    self {
      _ = await self.asyncStore()
      _ = self.asyncSyncPart()
      return Service(name: "use case")
    }
  }
  fileprivate var asyncBroken: AsyncFactory<Service> { self { await self.asyncMissing() } }
  fileprivate var asyncMissing: AsyncFactory<Service> { promised() }
  fileprivate var asyncFailing: AsyncThrowingFactory<Service> {
    self { throw BuildError(attempt: 0) }
  }
}

@Suite struct AsyncDiagnosticsTests {
  @Test func theTraceReportsAsyncAndNestedSyncResolutionsWithTheirDepth() async {
    let container = Container()
    let lines = Mutexed<[String]>([])
    container.manager.onResolution = { event in lines.update { $0.append("\(event)") } }
    _ = await container.asyncUseCase()
    _ = await container.asyncStore()
    container.manager.onResolution = nil
    #expect(
      lines.read { $0 } == [
        "Container.asyncUseCase: Service [unique] built",
        "  Container.asyncStore: Service [cached] built",
        "  Container.asyncSyncPart: Service [unique] built",
        "Container.asyncStore: Service [cached] cached",
      ])
  }

  @Test func theGraphHoldsAsyncResolutionsAndTheSyncOnesTheyMake() async {
    let container = Container()
    let graph = await container.manager.recordingGraph { await container.asyncUseCase() }.graph
    #expect(
      graph.tree == """
        Container.asyncUseCase: Service [unique]
        ├─ Container.asyncStore: Service [cached]
        └─ Container.asyncSyncPart: Service [unique]
        """)
  }

  @Test func verificationReportsAsyncFaultsAndThrownErrors() async {
    let container = Container()
    let report = await container.verify(
      .factory(\.asyncUseCase), .factory(\.asyncBroken), .factory(\.asyncFailing))
    #expect(
      report.checked == [
        "Container.asyncUseCase", "Container.asyncBroken",
        "Container.asyncFailing",
      ])
    #expect(report.faults.map(\.kind) == [.missingRegistration, .threw])
    #expect(report.faults[0].chain == ["Container.asyncBroken", "Container.asyncMissing"])
    #expect(report.faults[1].message.contains("BuildError"))
    #expect(container.manager.dump().instances.isEmpty)
  }
}
