public import ExplorerDomain
internal import Wiring

/// The README screen: a repository name in, its README text out.
///
/// ```swift
/// let model = Container.shared.readmeViewModel()
/// await model.load(RepositoryName(owner: "apple", name: "swift"))
/// model.state.readme?.text
/// ```
@MainActor
public final class ReadmeViewModel {
  /// What the README screen shows.
  public struct State: Hashable, Sendable {
    /// The repository whose README this is, or `nil` before the first load.
    public internal(set) var name: RepositoryName?
    /// The README, once loaded.
    public internal(set) var readme: Readme?
    /// Where the last input stands.
    public internal(set) var phase = Phase.idle
  }

  /// What the screen shows.
  public private(set) var state = State()

  @Injected(\.readReadme) private var readReadme

  /// Makes an empty README screen.
  public init() {}

  /// Loads the README of `name`; a repository without one fails with `noReadme`.
  public func load(_ name: RepositoryName) async {
    state.name = name
    state.phase = .loading
    do throws(ExplorerError) {
      state.readme = try await readReadme(of: name)
      state.phase = .ready
    } catch .notFound {
      state.phase = .failed(.noReadme(name))
    } catch {
      state.phase = .failed(.failed(error))
    }
  }
}
