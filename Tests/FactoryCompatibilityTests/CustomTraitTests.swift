import Testing
import Wiring
import WiringTesting

// A trait for a custom container, declared as Factory's testing guide declares one: the container
// is a plain `SharedContainer`, not an `IsolatableContainer`.
extension Trait where Self == ContainerTrait<CustomContainer> {
  static var customContainer: ContainerTrait<CustomContainer> {
    .init(shared: CustomContainer.$shared, container: .init())
  }
}

@Suite struct CustomTraitTests {
  @Test(.customContainer) func eachTestGetsAFreshCustomContainer() async {
    #expect(CustomContainer.shared.customService().text() == "MyService")
    CustomContainer.shared.customService.register { MockService() }
    #expect(CustomContainer.shared.customService().text() == "MockService")
    let global = await Task.detached { CustomContainer.shared.customService().text() }.value
    #expect(global == "MyService")
  }

  @Test(.container, .customContainer) func bothTraitsIsolateTheirOwnContainer() {
    Container.shared.myServiceType.register { MockService() }
    CustomContainer.shared.customService.register { MockServiceN(2) }
    #expect(Container.shared.myServiceType().text() == "MockService")
    #expect(CustomContainer.shared.customService().text() == "MockService2")
  }

  @Test(.customContainer { $0.customService { MockServiceN(3) } })
  func theTraitAppliesItsTransformFirst() {
    #expect(CustomContainer.shared.customService().text() == "MockService3")
  }

  @Test(.container { $0.myServiceType { MockServiceN(4) } })
  func theRegistrationSugarWorksInsideTheTransform() {
    #expect(Container.shared.myServiceType().text() == "MockService4")
  }
}
