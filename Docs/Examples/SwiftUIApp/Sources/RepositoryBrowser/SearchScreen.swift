import SwiftUI
import Wiring

/// A search field and the repositories it finds.
struct SearchScreen: View {
  @InjectedObservable(\.searchViewModel) private var model

  /// Resolves its model from `Container.shared` the first time it is shown.
  init() {}

  /// Shows `model` instead of resolving one.
  init(model: SearchViewModel) {
    _model = InjectedObservable(model)
  }

  var body: some View {
    List {
      TextField("Search repositories", text: $model.query)
      if let failure = model.failure {
        Text(failure)
      } else {
        ForEach(model.results) { repository in
          Button(repository.id) { model.open(repository) }
        }
      }
    }
    .navigationTitle("Repositories")
    .task(id: model.query) { await model.search() }
  }
}

#Preview("Results") {
  Container.shared {
    $0.reset()
    $0.repositoryCatalog { PreviewCatalog.sample }
  }
  SearchScreen()
}

#Preview("Failure") {
  Container.shared.repositoryCatalog.preview { PreviewCatalog(failure: "rate limited") }
  SearchScreen()
}

#Preview("A model of its own") {
  Container.shared.repositoryCatalog { PreviewCatalog(repositories: []) }
  let model = Container.shared.searchViewModel()
  SearchScreen(model: model)
}
