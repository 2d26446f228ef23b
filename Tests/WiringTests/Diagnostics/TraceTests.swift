import Testing
import Wiring

extension Container {
  fileprivate var traceLeaf: Factory<Service> { self { Service(name: "leaf") }.cached }
  fileprivate var traceRoot: Factory<Service> {
    self {
      _ = self.traceLeaf()
      return Service(name: "root")
    }
  }
  fileprivate var traceUser: ParameterFactory<Int, Service> { self { Service(name: "\($0)") } }
  fileprivate var asyncTraceLeaf: AsyncFactory<Service> {
    self { Service(name: "async") }.cached
  }
  fileprivate var traceUnderTest: Factory<Service> {
    self { Service(name: "declared") }.onTest { Service(name: "test") }
  }
}

/// Collects trace events from any thread.
private final class EventLog: Sendable {
  private let events = Mutexed<[ResolutionEvent]>([])
  var all: [ResolutionEvent] { events.read { $0 } }
  func append(_ event: ResolutionEvent) { events.update { $0.append(event) } }
}

@Suite struct TraceTests {
  @Test func reportsBuildsAndCacheHitsWithTheirDepth() {
    let container = Container()
    let log = EventLog()
    container.manager.onResolution = { log.append($0) }
    _ = container.traceRoot()
    _ = container.traceRoot()
    container.manager.onResolution = nil
    let lines = log.all.map(\.description)
    #expect(
      lines == [
        "Container.traceRoot: Service [unique] built",
        "  Container.traceLeaf: Service [cached] built",
        "Container.traceRoot: Service [unique] built",
        "  Container.traceLeaf: Service [cached] cached",
      ])
  }

  @Test func aBuildTracesTheBuilderItTook() {
    let container = Container()
    var lines: [String] = []
    container.manager.logger = { lines.append($0) }
    container.manager.trace = true
    _ = container.traceLeaf()
    container.traceLeaf.register { Service(name: "registered") }
    _ = container.traceLeaf()
    _ = container.traceUnderTest()
    // As in Factory, a context that holds beats a registration.
    container.traceUnderTest.register { Service(name: "registered") }
    #expect(container.traceUnderTest().name == "test")
    container.manager.trace = false
    #expect(lines.map { $0.split(separator: " ")[3].prefix(2) } == ["F:", "R:", "O:", "O:"])
  }

  /// Async resolutions interleave, so each writes its line as it starts: `F` for a build, `C`
  /// for a kept instance, without the instance.
  @Test func anAsyncResolutionWritesItsLineAsItStarts() async {
    let container = Container()
    let lines = Mutexed<[String]>([])
    container.manager.logger = { line in lines.update { $0.append(line) } }
    container.manager.trace = true
    _ = await container.asyncTraceLeaf()
    _ = await container.asyncTraceLeaf()
    container.manager.trace = false
    _ = await container.asyncTraceLeaf()
    #expect(
      lines.read { $0 } == [
        "0: Container.asyncTraceLeaf<Service> = F", "0: Container.asyncTraceLeaf<Service> = C",
      ])
  }

  @Test func reportsACacheHitThatTheLockFreePathWouldServe() {
    let container = Container()
    _ = container.traceLeaf()
    _ = container.traceLeaf()
    let log = EventLog()
    container.manager.onResolution = { log.append($0) }
    _ = container.traceLeaf()
    container.manager.onResolution = nil
    #expect(log.all.map(\.outcome) == [.cached])
  }

  @Test func stopsReportingOnceTheTraceIsRemoved() {
    let container = Container()
    let log = EventLog()
    container.manager.onResolution = { log.append($0) }
    _ = container.traceLeaf()
    container.manager.onResolution = nil
    _ = container.traceLeaf()
    _ = container.traceRoot()
    #expect(log.all.count == 1)
    #expect(container.manager.onResolution == nil)
  }

  @Test func reportsTheArgumentOfAParameterFactory() {
    let container = Container()
    let log = EventLog()
    container.manager.onResolution = { log.append($0) }
    _ = container.traceUser(42)
    container.manager.onResolution = nil
    #expect(log.all.map(\.parameter) == ["42"])
    #expect(log.all.first?.description == "Container.traceUser(42): Service [unique] built")
  }

  @Test func reportsTheScopeOfAnOverride() {
    let container = Container()
    container.traceRoot.register { Service(name: "fake") }.scope(.cached)
    _ = container.traceRoot()
    let log = EventLog()
    container.manager.onResolution = { log.append($0) }
    _ = container.traceRoot()
    container.manager.onResolution = nil
    #expect(log.all.map(\.scope) == [.cached])
    #expect(log.all.map(\.outcome) == [.cached])
  }

  @Test func onlyTheTracedContainerReports() {
    let traced = Container()
    let other = Container()
    let log = EventLog()
    traced.manager.onResolution = { log.append($0) }
    _ = other.traceRoot()
    _ = traced.traceLeaf()
    traced.manager.onResolution = nil
    #expect(log.all.map(\.key) == ["Container.traceLeaf"])
  }
}
