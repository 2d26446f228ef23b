import ExplorerDomain
import Testing
import Wiring

@Suite struct ReadReadmeUseCaseTests {
  @Test func returnsTheReadmeTheStoreHas() async throws {
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(readmes: [.swift: .success(.sample(of: .swift))])
    }
    let read = container.readReadme()
    #expect(try await read(of: .swift) == .sample(of: .swift))
  }

  @Test func passesOnNotFoundForARepositoryWithoutReadme() async throws {
    let missing = ExplorerError.notFound(what: "readme of apple/swift-format")
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(readmes: [.swiftFormat: .failure(missing)])
    }
    let read = container.readReadme()
    await #expect(throws: missing) { try await read(of: .swiftFormat) }
  }
}
