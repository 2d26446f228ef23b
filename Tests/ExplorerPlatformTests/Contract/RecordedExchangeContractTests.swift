import ExplorerDomain
import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing

/// Every recorded exchange gives the same domain result, or the same error, from every store.
@Suite struct RecordedExchangeContractTests {
  static let recordings =
    (try? ExchangeArchive.load(from: BundledFixtures.folder))?.recordings ?? []

  @Test func theBundledFixturesLoad() throws {
    let archive = try ExchangeArchive.load(from: BundledFixtures.folder)
    #expect(archive.recordings.count >= 60)
  }

  @Test(arguments: recordings.map(\.file))
  func everyStoreAnswersTheSame(file: String) async throws {
    let request = try #require(Self.recordings.first { $0.file == file }?.request)
    var outcomes: [StoreUnderTest: Outcome] = [:]
    for kind in StoreUnderTest.allCases {
      outcomes[kind] = try await kind.withStore { store in await Outcome.of(request, from: store) }
    }
    let fixture = try #require(outcomes[.fixtures], "\(file) is not a request the explorer makes")
    #expect(!fixture.isMalformed, "\(file) does not decode: \(fixture)")
    #expect(outcomes[.liveOverReplay] == fixture)
  }
}
