import SwiftUI
import Wiring

/// The browser: a search screen in a navigation stack that the coordinator drives.
public struct BrowserRoot: View {
  @InjectedObservable(\.browserCoordinator) private var coordinator

  /// Makes the browser; it resolves what it needs from `Container.shared`.
  public init() {}

  public var body: some View {
    NavigationStack(path: $coordinator.path) {
      SearchScreen()
        .navigationDestination(for: Route.self) { route in
          switch route {
          case .repository(let id): DetailScreen(id: id)
          }
        }
    }
  }
}

#Preview {
  Container.shared.repositoryCatalog { PreviewCatalog.sample }
  BrowserRoot()
}
