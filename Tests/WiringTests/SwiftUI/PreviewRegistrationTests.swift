import Testing

@testable import Wiring

extension Container {
  fileprivate var previewedService: Factory<Service> { self { Service(name: "declared") } }
  fileprivate var previewedParameterService: ParameterFactory<String, Service> {
    self { Service(name: $0) }
  }
}

private final class PreviewContainer: SharedContainer {
  @TaskLocal static var shared = PreviewContainer()
  let manager = ContainerManager()
  var service: Factory<Service> { self { Service(name: "declared") } }
}

/// What the preview spellings do to the container, without SwiftUI: the same on every platform.
@Suite struct PreviewRegistrationTests {
  @Test func aFactorysPreviewRegistersItsBuilder() {
    let container = Container()
    PreviewRegistration.register({ Service(name: "fake") }, on: container.previewedService)
    PreviewRegistration.register(
      { Service(name: "fake \($0)") }, on: container.previewedParameterService)
    #expect(container.previewedService().name == "fake")
    #expect(container.previewedParameterService("one").name == "fake one")
  }

  @Test func theContainerFormsRunTheirClosureOnTheSharedContainer() {
    let container = PreviewContainer()
    PreviewContainer.$shared.withValue(container) {
      PreviewRegistration.configureShared(PreviewContainer.self) {
        $0.service { Service(name: "shared fake") }
      }
    }
    #expect(container.service().name == "shared fake")
    let other = PreviewContainer()
    PreviewRegistration.configure(other) { $0.service.register { Service(name: "fake") } }
    #expect(other.service().name == "fake")
    #expect(container.service().name == "shared fake")
  }

  @Test func aPreviewRegistrationOutlivesThePreviewUntilReset() {
    let container = Container()
    PreviewRegistration.configure(container) {
      $0.previewedService { Service(name: "from an earlier preview") }
    }
    // A later preview that registers nothing still sees the earlier preview's fake.
    #expect(container.previewedService().name == "from an earlier preview")
    PreviewRegistration.configure(container) { $0.reset() }
    #expect(container.previewedService().name == "declared")
  }
}
