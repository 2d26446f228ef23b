import Testing
import Wiring
import WiringTesting

/// Holds on to the container that built it, as a screen holding a factory would.
private final class ContainerHolder: Sendable {
  let container: Container
  init(_ container: Container) { self.container = container }
}

extension Container {
  fileprivate var holder: Factory<ContainerHolder> { self { ContainerHolder(self) }.cached }
  fileprivate var captured: Factory<String> { self { "declared" } }
}

/// Weakly remembers the container a body ran in.
private final class ContainerProbe: @unchecked Sendable {
  // NB: `@unchecked` is sound because `container` is written on the test's own task, before any
  // read, and read only after the body that wrote it has returned.
  weak var container: Container?
}

@Suite struct ContainerLifetimeTests {
  @Test func anOverrideThatCapturesTheIsolatedContainerDoesNotKeepItAlive() {
    let probe = ContainerProbe()
    withIsolatedContainer {
      let container = Container.shared
      container.captured.register { "override in \(ObjectIdentifier(container))" }
      container.manager.push()
      #expect(container.captured().hasPrefix("override"))
      probe.container = container
    }
    #expect(probe.container == nil)
  }

  @Test func aCachedInstanceThatHoldsTheIsolatedContainerDoesNotKeepItAlive() async {
    let probe = ContainerProbe()
    await withIsolatedContainer {
      let container = Container.shared
      await Task.yield()
      #expect(container.holder().container === container)
      probe.container = container
    }
    #expect(probe.container == nil)
  }
}
