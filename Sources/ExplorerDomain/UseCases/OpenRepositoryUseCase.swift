/// Opens one repository: its details and its README.
public protocol OpenRepositoryUseCase: Sendable {
  /// The detail of `name` with its README, or with none when it has no README.
  ///
  /// - Throws: `ExplorerError.notFound` when the repository itself does not exist; any other
  ///   failure of either request.
  func callAsFunction(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail
}

/// Asks the registered store for the detail and the README at the same time.
struct OpenRepositoryInStore: OpenRepositoryUseCase {
  let store: any RepositoryStore

  func callAsFunction(_ name: RepositoryName) async throws(ExplorerError) -> RepositoryDetail {
    async let readme = optionalReadme(of: name)
    let detail = try await store.repository(name)
    return detail.with(readme: try await readme.get())
  }

  /// The README, `nil` when there is none, or the failure: a `Result`, because `async let`
  /// would widen a typed throw to `any Error`.
  private func optionalReadme(of name: RepositoryName) async -> Result<Readme?, ExplorerError> {
    do throws(ExplorerError) {
      return .success(try await store.readme(of: name))
    } catch .notFound {
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }
}
