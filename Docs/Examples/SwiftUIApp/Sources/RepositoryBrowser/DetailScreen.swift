import SwiftUI
import Wiring

/// One repository: its summary and stars.
struct DetailScreen: View {
  let id: Repository.ID
  @InjectedObservable(\.detailViewModel) private var model

  var body: some View {
    List {
      if let repository = model.repository {
        Text(repository.summary)
        Text("\(repository.stars) stars")
      } else {
        Text(model.failure ?? "Loading…")
      }
    }
    .navigationTitle(id)
    .task(id: id) { await model.load(id) }
  }
}

struct DetailScreen_Previews: PreviewProvider {
  static var previews: some View {
    Container.shared.repositoryCatalog { PreviewCatalog.sample }
    DetailScreen(id: "hmlongco/Factory")
  }
}
