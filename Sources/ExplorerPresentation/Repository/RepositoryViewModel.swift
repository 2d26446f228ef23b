public import ExplorerDomain
internal import Wiring

/// The repository screen: a name in, its details and README out.
///
/// ```swift
/// let model = Container.shared.repositoryViewModel()
/// await model.load(RepositoryName(owner: "apple", name: "swift"))
/// model.state.detail?.summary.stars
/// await model.openReadme() // asks the navigator to show the README
/// ```
@MainActor
public final class RepositoryViewModel {
  /// What the repository screen shows.
  public struct State: Hashable, Sendable {
    /// The repository asked for, or `nil` before the first load.
    public internal(set) var name: RepositoryName?
    /// Its details with its README, once loaded.
    public internal(set) var detail: RepositoryDetail?
    /// Where the last input stands.
    public internal(set) var phase = Phase.idle
  }

  /// What the screen shows.
  public private(set) var state = State()

  @Injected(\.openRepository) private var openRepository
  private weak var navigator: (any Navigator)?

  /// Makes a repository screen that shows READMEs through `navigator`.
  public init(navigator: any Navigator) {
    self.navigator = navigator
  }

  /// Loads the details and README of `name`.
  public func load(_ name: RepositoryName) async {
    state.name = name
    state.phase = .loading
    do throws(ExplorerError) {
      state.detail = try await openRepository(name)
      state.phase = .ready
    } catch {
      state.phase = .failed(.failed(error))
    }
  }

  /// Shows the README of the loaded repository, or fails with `noReadme` when it has none.
  public func openReadme() async {
    guard let detail = state.detail else { return }
    guard detail.readme != nil else {
      state.phase = .failed(.noReadme(detail.summary.name))
      return
    }
    guard let navigator else { return }
    do throws(PresentationError) {
      try await navigator.show(.readme(detail.summary.name))
      state.phase = .ready
    } catch {
      state.phase = .failed(error)
    }
  }
}
