import Testing
import Wiring
import WiringTesting

@Suite struct ContainerTraitTests {
  @Test(.container { $0.uniqueProbe.register { Probe(id: 7) } })
  func overridesAreAppliedBeforeTheBody() {
    #expect(Container.shared.uniqueProbe().id == 7)
  }

  @Test(.container { $0.caseID.register { 11 } })
  func overridesAreAppliedToTheContainerTheBodySees() async {
    let seen = await Task { Container.shared.caseID() }.value
    #expect(seen == 11)
  }

  @Test(.container)
  func eachTestStartsFromTheDeclarations() {
    #expect(Container.shared.uniqueProbe().id == declaredID)
    Container.shared.uniqueProbe.register { Probe(id: 8) }
    #expect(Container.shared.uniqueProbe().id == 8)
  }

  @Test(.container)
  func theProcessWideContainerIsUntouched() async {
    Container.shared.caseID.register { 12 }
    let global = await Task.detached { Container.shared.caseID() }.value
    #expect(global == declaredID)
    #expect(Container.shared.caseID() == 12)
  }

  @Test(.container(NetworkContainer.self) { $0.endpoint.register { "stub://network" } })
  func customContainersAreIsolatedToo() async {
    #expect(NetworkContainer.shared.endpoint() == "stub://network")
    let global = await Task.detached { NetworkContainer.shared.endpoint() }.value
    #expect(global == "https://api.example.com")
  }

  @Test(
    .container { $0.caseID.register { 21 } },
    .container(NetworkContainer.self) { $0.endpoint.register { "stub://both" } })
  func twoTraitsIsolateBothContainersAndShareSingletons() {
    #expect(Container.shared.caseID() == 21)
    #expect(NetworkContainer.shared.endpoint() == "stub://both")
    #expect(NetworkContainer.shared.session() === NetworkContainer().session())
    #expect(Container.shared.builtSingleton().caseID == 21)
  }
}

/// The trait on a suite: each test gets its own container, with the suite's overrides.
@Suite(.container { $0.caseID.register { 30 } })
struct SuiteTraitTests {
  static let serials = Ledger()

  @Test(arguments: 31...40)
  func eachTestOfTheSuiteGetsItsOwnContainer(id: Int) async {
    #expect(Container.shared.caseID() == 30)
    Container.shared.caseID.register { id }
    await Task.yield()
    #expect(Container.shared.caseID() == id)
    #expect(Self.serials.record(Container.shared.builtSingleton().serial))
  }

  @Suite struct NestedSuiteTests {
    @Test func nestedSuitesInheritTheTrait() {
      #expect(Container.shared.caseID() == 30)
    }
  }
}

@Suite struct SingletonIsolationTests {
  static let serials = Ledger()

  @Test(.container, arguments: 1...8)
  func singletonsAreSharedWithinOneTest(id: Int) async {
    Container.shared.caseID.register { id }
    let first = Container.shared.builtSingleton()
    #expect(first.caseID == id)
    #expect(Container().builtSingleton() === first)
    let fromChild = await Task { Container.shared.builtSingleton() }.value
    #expect(fromChild === first)
    #expect(Self.serials.record(first.serial))
  }

  @Test(.container)
  func singletonsOfATestAreNotTheProcessWideOnes() async {
    let mine = Container.shared.builtSingleton()
    let global = await Task.detached { Container.shared.builtSingleton() }.value
    #expect(mine !== global)
    #expect(await Task.detached { Container().builtSingleton() }.value === global)
  }

  @Test(.container)
  func resettingSingletonsInATestLeavesTheProcessWideOnes() async {
    let global = await Task.detached { Container.shared.builtSingleton() }.value
    let mine = Container.shared.builtSingleton()
    Container.shared.manager.reset(scope: .singleton)
    #expect(Container.shared.builtSingleton() !== mine)
    #expect(await Task.detached { Container.shared.builtSingleton() }.value === global)
  }
}
