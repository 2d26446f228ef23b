import ExplorerDomain
import Testing
import Wiring

@Suite struct OpenRepositoryUseCaseTests {
  @Test func returnsTheDetailWithItsReadme() async throws {
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(
        details: [
          .swift: .success(.sample(.swift)), .swiftFormat: .success(.sample(.swiftFormat)),
        ],
        readmes: [.swift: .success(.sample(of: .swift))])
    }
    let open = container.openRepository()
    let detail = try await open(.swift)
    #expect(detail == RepositoryDetail.sample(.swift).with(readme: .sample(of: .swift)))
  }

  @Test func returnsTheDetailWithoutAReadmeWhenItHasNone() async throws {
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(
        details: [.swift: .success(.sample(.swift))],
        readmes: [.swift: .failure(.notFound(what: "readme of apple/swift"))])
    }
    let open = container.openRepository()
    let detail = try await open(.swift)
    #expect(detail == .sample(.swift))
    #expect(detail.readme == nil)
  }

  @Test func throwsNotFoundForAMissingRepositoryThoughItsReadmeIsMissingToo() async throws {
    let missing = ExplorerError.notFound(what: "repository octocat/nothing")
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(
        details: [.missing: .failure(missing)],
        readmes: [.missing: .failure(.notFound(what: "readme of octocat/nothing"))])
    }
    let open = container.openRepository()
    await #expect(throws: missing) { try await open(.missing) }
  }

  @Test(arguments: [
    ExplorerError.rateLimited(.searchExhausted),
    .forbidden(message: "Resource not accessible by integration"),
    .serverError(status: 500, message: "Internal Server Error"),
    .networkUnreachable(reason: "The network connection was lost"),
    .cancelled,
  ])
  func propagatesAReadmeFailureOtherThanNotFound(error: ExplorerError) async throws {
    let container = Container()
    container.repositoryStore.register {
      InMemoryRepositoryStore(
        details: [.swift: .success(.sample(.swift))], readmes: [.swift: .failure(error)])
    }
    let open = container.openRepository()
    await #expect(throws: error) { try await open(.swift) }
  }

  @Test func asksForTheDetailAndTheReadmeAtTheSameTime() async throws {
    let answers = InMemoryRepositoryStore(
      details: [.swift: .success(.sample(.swift))],
      readmes: [.swift: .success(.sample(of: .swift))])
    let container = Container()
    container.repositoryStore.register { RendezvousRepositoryStore(answers: answers) }
    let open = container.openRepository()
    let detail = try await open(.swift)
    #expect(detail.readme == .sample(of: .swift))
  }
}
