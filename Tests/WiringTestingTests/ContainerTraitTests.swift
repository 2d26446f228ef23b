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
    let global = await Task.detached { unobserved { Container.shared.caseID() } }.value
    #expect(global == declaredID)
    #expect(Container.shared.caseID() == 12)
  }

  @Test(.container(NetworkContainer.self) { $0.endpoint.register { "stub://network" } })
  func customContainersAreIsolatedToo() async {
    #expect(NetworkContainer.shared.endpoint() == "stub://network")
    let global = await Task.detached { unobserved { NetworkContainer.shared.endpoint() } }.value
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
