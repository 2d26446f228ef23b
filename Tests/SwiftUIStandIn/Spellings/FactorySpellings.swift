// Factory's SwiftUI spellings, as its README and documentation write them, each used once; the
// typecheck script beside the stand-ins compiles this file as a Factory app's code.
import Combine
import Observation
import SwiftUI
import Wiring

protocol MyServiceType { func text() -> String }

final class MyService: MyServiceType { func text() -> String { "MyService" } }
final class MockService: MyServiceType { func text() -> String { "MockService" } }

@MainActor @Observable final class ContentViewModel {
  @ObservationIgnored @Injected(\.myService) private var service
  var name = ""
  var greeting: String { service.text() }
}

// A view model as Factory's SwiftUI guide writes one for `@InjectedObject`.
@MainActor final class LegacyViewModel: ObservableObject {
  @Published var name = ""
  @Published private(set) var greeting = ""
  @Injected(\.myService) private var service

  func load() { greeting = service.text() }
}

final class FeatureContainer: SharedContainer {
  @TaskLocal static var shared = FeatureContainer()
  let manager = ContainerManager()
}

extension Container {
  var myService: Factory<MyServiceType> { self { MyService() } }
  var numberedService: ParameterFactory<Int, MyServiceType> { self { _ in MyService() } }
  @MainActor var contentViewModel: Factory<ContentViewModel> { self { ContentViewModel() } }
  @MainActor var legacyViewModel: Factory<LegacyViewModel> { self { LegacyViewModel() } }
  @MainActor var pinnedViewModel: MainActorFactory<ContentViewModel> {
    self { ContentViewModel() }
  }
}

extension FeatureContainer {
  @MainActor var featureModel: Factory<ContentViewModel> { self { ContentViewModel() } }
}

struct ContentView: View {
  @InjectedObservable(\.contentViewModel) var viewModel
  var body: some View {
    TextField("Name", text: $viewModel.name)
  }
}

struct LegacyContentView: View {
  @InjectedObject(\.legacyViewModel) var viewModel
  var body: some View {
    TextField("Name", text: $viewModel.name)
  }
}

struct CustomContainerView: View {
  @InjectedObservable(\FeatureContainer.featureModel) var featureModel
  @InjectedObservable(\.pinnedViewModel) var pinnedModel
  var body: some View {
    Text(featureModel.greeting)
    Text(pinnedModel.greeting)
  }
}

struct GivenModelView: View {
  @InjectedObservable var viewModel: ContentViewModel
  @InjectedObject var legacyModel: LegacyViewModel
  init(viewModel: ContentViewModel, legacyModel: LegacyViewModel) {
    _viewModel = InjectedObservable(viewModel)
    _legacyModel = InjectedObject(legacyModel)
  }
  var body: some View {
    Text(viewModel.name)
  }
}

extension Container {
  func setupMocks() {
    myService { MockService() }
    numberedService { _ in MockService() }
  }
}

#Preview {
  Container.shared.myService { MockService() }
  ContentView()
}

#Preview("Several") {
  Container.shared {
    $0.myService { MockService() }
    $0.numberedService { _ in MockService() }
  }
  ContentView()
}

#Preview {
  Container.shared.myService.preview { MockService() }
  Container.shared.numberedService.preview { _ in MockService() }
  ContentView()
}

#Preview {
  let _ = Container.shared.setupMocks()
  LegacyContentView()
}

// Deprecated in Factory too: these two warn.
#Preview {
  Container.preview { $0.myService { MockService() } }
  Container.shared.preview { $0.myService { MockService() } }
  ContentView()
}

struct ContentView_Previews: PreviewProvider {
  static var previews: some View {
    Container.shared.myService { MockService() }
    ContentView()
  }
}
