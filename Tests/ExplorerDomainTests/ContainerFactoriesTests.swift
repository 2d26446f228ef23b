import ExplorerDomain
import Testing
import Wiring

@Suite struct ContainerFactoriesTests {
  /// The use-case factories the domain declares on `Container`.
  enum UseCaseFactory: String, CaseIterable, Sendable {
    case searchRepositories
    case fetchNextPage
    case openRepository
    case readReadme

    /// Resolves the factory from `container` and says what it built.
    func resolve(from container: Container) -> String {
      switch self {
      case .searchRepositories: String(describing: type(of: container.searchRepositories()))
      case .fetchNextPage: String(describing: type(of: container.fetchNextPage()))
      case .openRepository: String(describing: type(of: container.openRepository()))
      case .readReadme: String(describing: type(of: container.readReadme()))
      }
    }
  }

  @Test(arguments: UseCaseFactory.allCases)
  func useCaseWithoutAStoreIsAMissingRepositoryStoreRegistration(factory: UseCaseFactory) throws {
    let container = Container()
    let outcome = catchResolutionFailure { factory.resolve(from: container) }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == ["Container.\(factory.rawValue)", "Container.repositoryStore"])
    #expect(failure.description.contains("Container.repositoryStore is promised"))
    #expect(failure.description.contains("Container.shared.repositoryStore.register { … }"))
  }

  @Test(arguments: UseCaseFactory.allCases)
  func useCaseResolvesOnceAStoreIsRegistered(factory: UseCaseFactory) throws {
    let container = Container()
    container.repositoryStore.register { InMemoryRepositoryStore() }
    let outcome = catchResolutionFailure { factory.resolve(from: container) }
    #expect(!(try outcome.get()).isEmpty)
  }

  @Test func aStoreRegisteredInOneContainerIsNotSeenByAnother() throws {
    let withStore = Container()
    let without = Container()
    withStore.repositoryStore.register { InMemoryRepositoryStore() }
    #expect(throws: Never.self) { try catchResolutionFailure { withStore.repositoryStore() }.get() }
    let outcome = catchResolutionFailure { without.searchRepositories() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain.last == "Container.repositoryStore")
  }

  @Test func eachContainerSearchesTheStoreItRegistered() async throws {
    let query = try SearchQuery("swift")
    let first = SearchPage.sample(query, names: [.swift])
    let second = SearchPage.sample(query, names: [.swiftFormat, .missing])
    let one = Container()
    let other = Container()
    one.repositoryStore.register { InMemoryRepositoryStore(pages: [query: .success(first)]) }
    other.repositoryStore.register { InMemoryRepositoryStore(pages: [query: .success(second)]) }
    let searchOne = one.searchRepositories()
    let searchOther = other.searchRepositories()
    #expect(try await searchOne(query) == first)
    #expect(try await searchOther(query) == second)
  }

  @Test func theRecordingCatalogIsPromisedForTheAppToRegister() throws {
    let outcome = catchResolutionFailure { Container().recordingCatalog() }
    let failure = try #require(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(failure.kind == .missingRegistration)
    #expect(failure.chain == ["Container.recordingCatalog"])
  }
}
