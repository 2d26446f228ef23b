import Wiring

extension Container {
  /// Where the screens find repositories; previews register a fake.
  var repositoryCatalog: Factory<any RepositoryCatalog> {
    self { BundledCatalog() }.singleton
  }

  /// The navigation of the browser: one per container, shared by the root and the view models.
  @MainActor var browserCoordinator: Factory<BrowserCoordinator> {
    self { BrowserCoordinator() }.cached
  }

  /// A new model for each search screen; the screen keeps it while it is on screen.
  @MainActor var searchViewModel: Factory<SearchViewModel> { self { SearchViewModel() } }

  /// A new model for each detail screen.
  @MainActor var detailViewModel: Factory<DetailViewModel> { self { DetailViewModel() } }
}
