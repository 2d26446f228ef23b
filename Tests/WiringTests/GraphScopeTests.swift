import Testing
import Wiring

/// A protocol only classes adopt: its existential is one reference, like a class.
private protocol Gadget: AnyObject, Sendable {}
private final class Widget: Gadget {}

/// A value type: sharing it within a graph shows as one build.
private struct Serial: Sendable { let number: Int }

/// Two resolutions of the same graph-scoped factory, made while one value is built.
private struct Pair<Value> {
  let first: Value
  let second: Value
}

extension Pair where Value == Widget {
  fileprivate var isOneObject: Bool { first === second }
}

extension Pair where Value == any Gadget {
  fileprivate var isOneObject: Bool { first === second }
}

extension Container {
  fileprivate func graphWidget(_ runs: Counter) -> Factory<Widget> {
    Factory(self, key: "graphScopeTests.widget") {
      runs.increment()
      return Widget()
    }.graph
  }
  fileprivate func graphGadget(_ runs: Counter) -> Factory<any Gadget> {
    Factory(self, key: "graphScopeTests.gadget") {
      runs.increment()
      return Widget()
    }.graph
  }
  fileprivate func graphSerial(_ runs: Counter) -> Factory<Serial> {
    Factory(self, key: "graphScopeTests.serial") { Serial(number: runs.increment()) }.graph
  }
  /// Its builder alone: the declaration lock-free resolutions build without a look at rare modifiers.
  fileprivate var plainGraphWidget: Factory<Widget> { self { Widget() }.graph }
  /// One `.graph` instance per argument: a resolution of `graphWidgets` keeps a dozen.
  fileprivate var numberedGraphWidget: ParameterFactory<Int, Widget> {
    self { _ in Widget() }.graph.scopeOnParameters
  }
  fileprivate var graphWidgets: Factory<[Pair<Widget>]> {
    self {
      // Every argument once, then every argument again: the second round finds instances kept
      // before the storage grew.
      let firsts = (0..<12).map { self.numberedGraphWidget($0) }
      return firsts.indices.map { Pair(first: firsts[$0], second: self.numberedGraphWidget($0)) }
    }
  }
  fileprivate func pair<Value>(of factory: @escaping @Sendable () -> Factory<Value>)
    -> Factory<Pair<Value>>
  {
    Factory(self, key: "graphScopeTests.pair") { Pair(first: factory()(), second: factory()()) }
  }
}

/// Which resolve path a test takes: a container with a default scope never skips its lock.
enum ResolvePath: String, CaseIterable, CustomTestStringConvertible {
  case withoutLock, locked

  var testDescription: String { rawValue }

  /// Runs `body` where its resolutions take this path: a strict test running beside it would
  /// send declared builds to the lock, so the lock-free path runs unwatched.
  func run<R>(_ body: () -> R) -> R {
    self == .withoutLock ? StrictMonitor.$isUnwatched.withValue(true, operation: body) : body()
  }

  /// `run(_:)` for async resolutions.
  func runAsync<R>(_ body: () async -> R) async -> R {
    guard self == .withoutLock else { return await body() }
    return await StrictMonitor.$isUnwatched.withValue(true, operation: body)
  }

  /// A container whose resolutions take this path from the first one on.
  func container() -> Container {
    let container = Container()
    if self == .locked { container.manager.defaultScope = .unique }
    // A container's first resolution runs auto-registration under the lock; only later ones
    // may skip it.
    _ = container.graphSerial(Counter())()
    return container
  }
}

@Suite struct GraphScopeTests {
  /// A class is kept as itself, a class-bound existential in a box: both are shared.
  @Test(arguments: ResolvePath.allCases, [true, false])
  func anObjectIsSharedWithinOneResolution(path: ResolvePath, asExistential: Bool) {
    path.run {
      let runs = Counter()
      let container = path.container()
      let sameObject =
        asExistential
        ? container.pair { container.graphGadget(runs) }().isOneObject
        : container.pair { container.graphWidget(runs) }().isOneObject
      #expect(sameObject)
      #expect(runs.value == 1)
    }
  }

  @Test(arguments: ResolvePath.allCases)
  func aPlainDeclarationIsSharedWithinOneResolutionAndNewInTheNext(path: ResolvePath) {
    path.run {
      let container = path.container()
      let pair = container.pair { container.plainGraphWidget }()
      #expect(pair.isOneObject)
      #expect(container.pair { container.plainGraphWidget }().first !== pair.first)
    }
  }

  @Test(arguments: ResolvePath.allCases)
  func aValueIsBuiltOnceWithinOneResolution(path: ResolvePath) {
    path.run {
      let runs = Counter()
      let container = path.container()
      let pair = container.pair { container.graphSerial(runs) }()
      #expect(pair.first.number == 1)
      #expect(pair.second.number == 1)
      #expect(runs.value == 1)
    }
  }

  @Test(arguments: ResolvePath.allCases)
  func theThreadLetsGoOfTheInstanceWhenTheResolutionEnds(path: ResolvePath) {
    path.run {
      let runs = Counter()
      let container = path.container()
      weak var shared: Widget?
      do {
        let pair = container.pair { container.graphWidget(runs) }()
        shared = pair.first
        #expect(shared != nil)
      }
      #expect(shared == nil)
    }
  }

  @Test(arguments: ResolvePath.allCases)
  func aGraphFactoryResolvedAloneIsNewEachTime(path: ResolvePath) {
    path.run {
      let runs = Counter()
      let container = path.container()
      weak var first: Widget?
      do {
        let widget = container.graphWidget(runs)()
        first = widget
        #expect(container.graphWidget(runs)() !== widget)
      }
      #expect(first == nil)
      #expect(runs.value == 2)
    }
  }

  /// Past the first few, a resolution's graph instances move to larger storage (4, 8, then 16
  /// places): each stays one instance per argument, and all go when the resolution ends.
  @Test(arguments: ResolvePath.allCases)
  func aDozenGraphInstancesInOneResolutionStayOneEachAndAllGo(path: ResolvePath) {
    let container = path.container()
    var released: [() -> Bool] = []
    do {
      let pairs = path.run { container.graphWidgets() }
      #expect(pairs.filter(\.isOneObject).count == 12)
      #expect(Set(pairs.map { ObjectIdentifier($0.first) }).count == 12)
      released = pairs.map { pair in { [weak widget = pair.first] in widget == nil } }
    }
    let allReleased = released.allSatisfy { $0() }
    #expect(allReleased)
    #expect(container.graphWidgets()[0].first !== container.graphWidgets()[0].first)
  }

  @Test func aRegisteredReplacementIsSharedWithinOneResolutionToo() {
    let container = Container()
    let runs = Counter()
    let replacements = Counter()
    container.graphWidget(runs).register {
      replacements.increment()
      return Widget()
    }
    let pair = container.pair { container.graphWidget(runs) }()
    #expect(pair.first === pair.second)
    #expect(replacements.value == 1)
    #expect(runs.value == 0)
  }
}
