import Observation
import Wiring

/// Loads one repository for the detail screen.
@MainActor @Observable
final class DetailViewModel {
  @ObservationIgnored @Injected(\.repositoryCatalog) private var catalog

  private(set) var repository: Repository?
  private(set) var failure: String?

  func load(_ id: Repository.ID) async {
    do {
      repository = try await catalog.repository(id)
      failure = nil
    } catch {
      failure = "\(id) could not be loaded: \(error)"
    }
  }
}
