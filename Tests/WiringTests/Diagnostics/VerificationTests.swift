import Testing

@testable import Wiring

extension Container {
  fileprivate var verifiedLeaf: Factory<Service> { self { Service(name: "leaf") }.singleton }
  fileprivate var verifiedRoot: Factory<Service> {
    self {
      _ = self.verifiedLeaf()
      return Service(name: "root")
    }.cached
  }
  fileprivate var promisedStore: Factory<Service> { promised() }
  fileprivate var needsStore: Factory<Service> { self { self.promisedStore() } }
  fileprivate var loopFirst: Factory<Int> { self { self.loopSecond() } }
  fileprivate var loopSecond: Factory<Int> { self { self.loopFirst() } }
  fileprivate var endless: ParameterFactory<Int, Int> { self { self.endless($0 + 1) } }
  fileprivate var endlessEntry: Factory<Int> { self { self.endless(0) } }
  fileprivate var injectsShared: Factory<Service> {
    self { Service(name: Container.shared.promisedStore().name) }
  }
  fileprivate var argument: ParameterFactory<Int, Service> { self { Service(name: "\($0)") } }
  fileprivate var builtOnMain: MainActorFactory<Service> {
    MainActorFactory(self) { Service(name: "main") }
  }
}

@Suite struct VerificationTests {
  /// A check that waited for another thread's build reports what that build failed with, not
  /// the wait: a cycle stays a cycle, however many waits it went through.
  @Test func aFaultFromABuildTheCheckWaitedForIsWhatThatBuildFailedWith() {
    let key = Container().verifiedLeaf.registration.key
    let cycle = ResolutionFailure.cycle(chain: ["Container.a", "Container.b", "Container.a"])
    let waited = ResolutionFailure.dependencyFailed(key, because: cycle)
    let waitedTwice = ResolutionFailure.dependencyFailed(key, because: waited)
    #expect(waitedTwice.kind == .dependencyFailed)
    #expect(VerificationReport.Fault(waited, foundBy: "check").kind == .cycle)
    #expect(VerificationReport.Fault(waitedTwice, foundBy: "check").kind == .cycle)
  }

  @Test func aMainActorFactoryIsUnverifiableWithTheWayToVerifyIt() {
    let report = Container().verify(\.builtOnMain)
    #expect(
      report.faults.map(\.message) == [
        "Container.builtOnMain: a main-actor factory; verify it with .resolvingAsync, resolving "
          + "it on the main actor"
      ])
  }

  @Test func aSoundGraphVerifiesClean() {
    let container = Container()
    let report = container.verify(\.verifiedRoot, \.verifiedLeaf)
    #expect(report.isClean, "\(report)")
    #expect(report.checked == ["Container.verifiedRoot", "Container.verifiedLeaf"])
    #expect(report.description == "Verified 2 factories: all resolve.")
  }

  @Test func oneFaultReadsInTheSingular() {
    let report = Container().verify(\.promisedStore)
    #expect(report.description.hasPrefix("Verified 1 factory: 1 fault.\n  1. Wiring: "))
  }

  @Test func reportsThreeIndependentFaultsAtOnce() {
    let container = Container()
    let report = container.verify(
      \.needsStore, \.verifiedRoot, \.loopFirst, \.endlessEntry, \.loopSecond, \.promisedStore)
    #expect(report.faults.map(\.kind) == [.missingRegistration, .cycle, .tooDeep])
    #expect(report.faults[0].chain == ["Container.needsStore", "Container.promisedStore"])
    #expect(report.faults[0].foundBy == ["Container.needsStore", "Container.promisedStore"])
    #expect(
      report.faults[1].chain == [
        "Container.loopFirst", "Container.loopSecond",
        "Container.loopFirst",
      ])
    #expect(report.faults[1].foundBy == ["Container.loopFirst", "Container.loopSecond"])
    #expect(report.checked.count == 6)
    #expect(report.description.hasPrefix("Verified 6 factories: 3 faults.\n  1. Wiring: "))
  }

  @Test func createsNothingInTheContainerNorInTheSingletons() {
    let container = Container()
    defer { container.verifiedLeaf.reset() }
    _ = container.verify(\.verifiedRoot)
    let dump = container.manager.dump()
    #expect(dump.instances.isEmpty)
    #expect(!dump.singletons.map(\.key).contains("Container.verifiedLeaf"))
  }

  @Test func buildsAfreshWhatTheContainerAlreadyKeeps() {
    let container = Container()
    let counter = Counter()
    container.verifiedRoot.register {
      counter.increment()
      return Service()
    }
    _ = container.verifiedRoot()
    let report = container.verify(\.verifiedRoot)
    #expect(report.isClean)
    #expect(counter.value == 2)
  }

  @Test func keepsTheContainersOverrides() {
    let container = Container()
    container.promisedStore.register { Service(name: "registered") }
    #expect(container.verify(\.needsStore, \.promisedStore).isClean)
  }

  @Test func resolvesContainerSharedFromTheSandbox() {
    let container = Container()
    container.promisedStore.register { Service(name: "registered") }
    let report = Container.$shared.withValue(Container()) {
      container.verify(\.injectsShared)
    }
    #expect(report.isClean, "\(report)")
  }

  @Test func checksWithArgumentsRunThroughAClosure() {
    let container = Container()
    let report = container.verify(
      .resolving("argument(42)") { _ = $0.argument(42) },
      .factory(\.argument),
      .resolving("store") { _ = $0.promisedStore() })
    #expect(report.checked == ["argument(42)", "Container.argument", "store"])
    #expect(report.faults.map(\.kind) == [.unverifiable, .missingRegistration])
    #expect(report.faults[1].foundBy == ["store"])
  }
}
