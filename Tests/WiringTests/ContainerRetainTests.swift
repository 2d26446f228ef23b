import Testing
import Wiring

// Optimized builds only: a debug build keeps every copy, which is what these tests rule out.
#if !DEBUG

/// The container whose strong count the builders below record while they run.
private final class RetainProbe: @unchecked Sendable {
  // NB: `@unchecked` is sound because the tests that use the probe run one at a time
  // (`.serialized`), each setting `container` before it resolves and reading `counts` after.
  var container: Unmanaged<Container>?
  var counts: [UInt] = []

  static let shared = RetainProbe()

  @inline(never)
  func strongCount() -> UInt {
    container?._withUnsafeGuaranteedRef { _getRetainCount($0) } ?? 0
  }

  func record() { counts.append(strongCount()) }

  /// What the probed builders return, after recording the count.
  func counted() -> Counter {
    record()
    return Counter()
  }
}

extension Container {
  fileprivate var probedDefault: Factory<Counter> {
    self { RetainProbe.shared.counted() }
  }
  fileprivate var probedUnique: Factory<Counter> {
    self { RetainProbe.shared.counted() }.unique
  }
  fileprivate var probedParameter: ParameterFactory<Int, Counter> {
    self { _ in RetainProbe.shared.counted() }
  }
  @MainActor fileprivate var probedMainActor: MainActorFactory<Counter> {
    self { RetainProbe.shared.counted() }
  }
  fileprivate var probedAsync: AsyncFactory<Counter> {
    self { RetainProbe.shared.counted() }
  }
  fileprivate var probedGraph: Factory<Counter> {
    self { RetainProbe.shared.counted() }.graph
  }
}

enum ProbedFactory: CaseIterable, Sendable, CustomTestStringConvertible {
  case undeclaredScope, unique, graph, parameter

  func resolve(from container: Container) -> Counter {
    switch self {
    case .undeclaredScope: container.probedDefault()
    case .unique: container.probedUnique()
    case .graph: container.probedGraph()
    case .parameter: container.probedParameter(7)
    }
  }

  var testDescription: String { "\(self)" }
}

/// A resolution that never needs the container does not retain it: the declaring property's
/// `Factory` holds it, but the optimizer drops that copy, and with it a write that every
/// thread resolving from one container would make to the same memory.
@Suite(.serialized) struct ContainerRetainTests {
  @Test(arguments: ProbedFactory.allCases)
  func buildingReadsTheSameStrongCountAsBefore(factory: ProbedFactory) async {
    let counts = await strongCounts { _ = factory.resolve(from: $0) }
    #expect(counts.whileBuilding == Array(repeating: counts.before, count: 3))
  }

  @Test func buildingOnTheMainActorReadsTheSameStrongCountAsBefore() async {
    let counts = await strongCounts { @MainActor in _ = $0.probedMainActor() }
    #expect(counts.whileBuilding == Array(repeating: counts.before, count: 3))
  }

  @Test func buildingAsynchronouslyReadsTheSameStrongCountAsBefore() async {
    // Not through `strongCounts`: its async closure holds the container across its own
    // suspensions, a reference of the test's, not of the resolution.
    let container = Container()
    let probe = RetainProbe.shared
    probe.container = Unmanaged.passUnretained(container)
    probe.counts = []
    let before = probe.strongCount()
    for _ in 0..<3 { _ = await container.probedAsync() }
    probe.container = nil
    withExtendedLifetime(container) {}
    #expect(probe.counts == Array(repeating: before, count: 3))
  }

  /// A new container's strong count, and the count each of three resolutions' builders read.
  private func strongCounts(
    resolving resolve: (Container) async -> Void
  ) async -> (before: UInt, whileBuilding: [UInt]) {
    let container = Container()
    let probe = RetainProbe.shared
    probe.container = Unmanaged.passUnretained(container)
    probe.counts = []
    let before = probe.strongCount()
    for _ in 0..<3 { await resolve(container) }
    probe.container = nil
    withExtendedLifetime(container) {}
    return (before, probe.counts)
  }
}

#endif
