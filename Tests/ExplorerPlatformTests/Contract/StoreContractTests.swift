import ExplorerDomain
import ExplorerTestSupport
import Foundation
import Testing

/// What the recorded exchanges mean in domain terms, asserted for every store implementation.
@Suite struct StoreContractTests {
  static let dependencyInjection = "topic:dependency-injection language:swift"

  @Test(arguments: StoreUnderTest.allCases)
  func aSearchSpansThreePagesByItsLinkHeaders(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let first = try await store.search(try SearchQuery(Self.dependencyInjection))
      #expect(first.totalCount == 27)
      #expect(first.items.count == 10)
      #expect(first.items.first?.name == RepositoryName("Swinject/Swinject"))
      #expect(first.next == (try SearchQuery(Self.dependencyInjection, page: 2)))
      let second = try await store.search(try #require(first.next))
      #expect(second.items.count == 10)
      let third = try await store.search(try #require(second.next))
      #expect(third.items.count == 7)
      #expect(third.next == nil)
      let all = Set((first.items + second.items + third.items).map(\.id))
      #expect(all.count == 27, "pages overlap")
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func ownerAndRepositoryNamesMatchInAnyCaseAsOnGitHub(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let detail = try await store.repository(RepositoryName(owner: "Apple", name: "SWIFT"))
      #expect(detail.summary.name.description == "apple/swift")
      let readme = try await store.readme(of: RepositoryName(owner: "APPLE", name: "swift"))
      #expect(readme.text.hasPrefix("# Swift"))
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func aSearchWithNoMatchesIsAnEmptyLastPage(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let page = try await store.search(try SearchQuery("zzyzx-quux-no-such-project"))
      #expect(page.items.isEmpty)
      #expect(page.totalCount == 0)
      #expect(!page.hasNextPage)
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func aRejectedSearchCarriesGitHubsMessage(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let error = await #expect(throws: ExplorerError.self) {
        try await store.search(try SearchQuery("repo:this-owner-does-not-exist/nothing"))
      }
      #expect(
        error
          == .invalidQuery(
            message: "The listed users and repositories cannot be searched either because the "
              + "resources do not exist or you do not have permission to view them."))
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func anExhaustedSearchLimitSaysWhenItResets(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let error = await #expect(throws: ExplorerError.self) {
        try await store.search(try SearchQuery("kubernetes"))
      }
      let expected = RateLimit(
        kind: .primary, resource: "search", limit: 10,
        resetsAt: Date(timeIntervalSince1970: 1_795_169_405), retryAfterSeconds: nil)
      #expect(error == .rateLimited(expected))
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func aTimedOutSearchIsMarkedIncomplete(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let page = try await store.search(try SearchQuery("stars:>50000", sort: .stars))
      #expect(page.isIncomplete)
      #expect(page.next?.page == 2)
      #expect(page.next?.sort == .stars)
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func nullLanguageAndLicenseStayNil(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let page = try await store.search(try SearchQuery("形態素解析"))
      let dictionary = try #require(
        page.items.first { $0.name == RepositoryName("hanako-nlp/morph-dict-ja") })
      #expect(dictionary.language == nil)
      #expect(page.items.contains { $0.license == nil })
      #expect(
        page.items.contains { $0.description?.unicodeScalars.contains { !$0.isASCII } == true })
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func aDetailHasEverythingTheScreenShows(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let detail = try await store.repository(try #require(RepositoryName("hmlongco/Factory")))
      #expect(detail.summary.id == 509_876_544)
      #expect(detail.summary.stars == 2384)
      #expect(detail.summary.forks == 148)
      #expect(detail.summary.openIssues == 11)
      #expect(detail.summary.language == "Swift")
      #expect(detail.summary.license == License(key: "mit", name: "MIT License", spdxID: "MIT"))
      #expect(detail.summary.topics.contains("dependency-injection"))
      #expect(detail.summary.defaultBranch == "main")
      #expect(detail.summary.createdAt == ISO8601DateFormatter().date(from: "2022-06-30T18:04:12Z"))
      #expect(detail.watchers == 2384)
      #expect(detail.subscribers == 24)
      #expect(detail.homepage == nil)
      #expect(detail.sizeInKilobytes == 1650)
      #expect(detail.readme == nil, "a store's detail comes without its README")
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func archivedAndForkedRepositoriesSaySo(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let archived = try await store.repository(try #require(RepositoryName("hmlongco/Resolver")))
      #expect(archived.summary.isArchived)
      let fork = try await store.repository(try #require(RepositoryName("rdelacroix/Swinject")))
      #expect(fork.summary.isFork)
      #expect(fork.parent == RepositoryName("Swinject/Swinject"))
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func aReadmeIsDecodedToText(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let readme = try await store.readme(of: try #require(RepositoryName("hmlongco/Factory")))
      #expect(readme.fileName == "README.md")
      #expect(readme.text.hasPrefix("# Factory\n"))
      let unicode = try await store.readme(of: try #require(RepositoryName("lindera/lindera")))
      #expect(unicode.text.unicodeScalars.contains { $0.value > 0x3000 })
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func missingThingsAreNotFound(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let noReadme = try #require(RepositoryName("mteodor/LightDI"))
      await #expect(throws: ExplorerError.notFound(what: "README of mteodor/LightDI")) {
        try await store.readme(of: noReadme)
      }
      let missing = try #require(RepositoryName("octocat/this-repository-does-not-exist"))
      await #expect(
        throws: ExplorerError.notFound(what: "repository octocat/this-repository-does-not-exist")
      ) {
        try await store.repository(missing)
      }
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func hostileTextArrivesUntouchedForTheRendererToStrip(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let detail = try await store.repository(try #require(RepositoryName("pwnterm/colorz")))
      #expect(detail.summary.description?.contains("\u{1B}[2J") == true)
    }
  }

  @Test(arguments: StoreUnderTest.allCases)
  func namesAreMatchedAsGitHubSpellsThem(store kind: StoreUnderTest) async throws {
    try await kind.withStore { store in
      let page = try await store.search(try SearchQuery("swinject"))
      for item in page.items {
        let detail = try await store.repository(item.name)
        #expect(detail.summary.id == item.id)
        #expect(detail.summary.stars == item.stars)
      }
    }
  }
}
