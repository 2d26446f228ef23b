import Observation
import Wiring

/// Searches the catalog as the query changes and opens what the user picks.
@MainActor @Observable
final class SearchViewModel {
  @ObservationIgnored @Injected(\.repositoryCatalog) private var catalog
  @ObservationIgnored @Injected(\.browserCoordinator) private var coordinator

  var query = ""
  private(set) var results: [Repository] = []
  private(set) var failure: String?

  func search() async {
    guard !query.isEmpty else {
      results = []
      return
    }
    do {
      results = try await catalog.search(query)
      failure = nil
    } catch {
      results = []
      failure = "The search failed: \(error)"
    }
  }

  func open(_ repository: Repository) {
    coordinator.show(repository)
  }
}
