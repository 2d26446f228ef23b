import ExplorerDomain
import Testing

@Suite struct RepositoryNameTests {
  @Test(arguments: [
    ("apple/swift", "apple", "swift"),
    ("Apple/Swift", "Apple", "Swift"),
    ("a/b", "a", "b"),
    ("swift-server/async-http-client", "swift-server", "async-http-client"),
    ("pointfree_co/swift_dependencies", "pointfree_co", "swift_dependencies"),
    ("user.name/repo.name", "user.name", "repo.name"),
    ("octo-cat99/r2d2", "octo-cat99", "r2d2"),
    ("1234/5678", "1234", "5678"),
    ("octocat/.github", "octocat", ".github"),
    ("apple/swift.git", "apple", "swift"),
    ("apple/swift.git.git", "apple", "swift.git"),
  ])
  func parsesOwnerAndNameAndDropsATrailingGitSuffix(text: String, owner: String, name: String)
    throws
  {
    let parsed = try #require(RepositoryName(text))
    #expect(parsed.owner == owner)
    #expect(parsed.name == name)
  }

  @Test(arguments: [
    "", "/", "apple", "apple/", "/swift", "//", "apple//swift", "/apple/swift", "apple/swift/",
    "apple/swift/tree", "a/b/c", "apple swift/x", "apple/sw ift", " apple/swift",
    "apple/swift ", "apple/swift\n", "äpple/swift", "apple/swıft", "apple/🙂", "../swift",
    "apple/..", "./swift", "apple/.", "apple/.git", "apple\\swift", "apple/swift?",
    "apple/swift#readme", "apple:swift",
  ])
  func rejectsAnythingButTwoPartsOfAllowedCharacters(text: String) {
    #expect(RepositoryName(text) == nil)
  }

  @Test func parsesASubstringOfLongerText() throws {
    let command = "open apple/swift now"
    let word = command.split(separator: " ")[1]
    let parsed = try #require(RepositoryName(word))
    #expect(parsed == .swift)
  }

  @Test func namesThatDifferOnlyInCaseAreEqual() throws {
    let upper = try #require(RepositoryName("Apple/Swift"))
    let lower = try #require(RepositoryName("apple/swift"))
    #expect(upper == lower)
    #expect(RepositoryName(owner: "APPLE", name: "SWIFT") == .swift)
  }

  @Test func namesThatDifferOnlyInCaseHashTheSame() throws {
    let upper = try #require(RepositoryName("Apple/Swift"))
    let lower = try #require(RepositoryName("apple/swift"))
    #expect(Set([upper, lower]).count == 1)
    #expect(upper.hashValue == lower.hashValue)
    let stars = [lower: 67_000]
    #expect(stars[upper] == 67_000)
  }

  @Test(arguments: [
    (RepositoryName.swift, RepositoryName.swiftFormat),
    (RepositoryName.swift, RepositoryName(owner: "swift", name: "apple")),
    (RepositoryName.swift, RepositoryName(owner: "swiftlang", name: "swift")),
  ])
  func namesWithDifferentPartsAreDifferent(one: RepositoryName, other: RepositoryName) {
    #expect(one != other)
    #expect(Set([one, other]).count == 2)
  }

  @Test(arguments: [
    ("apple/swift", "apple/swift"),
    ("Apple/Swift", "Apple/Swift"),
    ("apple/swift.git", "apple/swift"),
    ("user.name/repo.name", "user.name/repo.name"),
  ])
  func descriptionIsOwnerSlashNameAsWrittenWithoutGitSuffix(text: String, description: String)
    throws
  {
    let parsed = try #require(RepositoryName(text))
    #expect(parsed.description == description)
    #expect("\(parsed)" == description)
  }

  @Test func descriptionJoinsThePartsItWasMadeFrom() {
    let name = RepositoryName(owner: "octocat", name: "Hello-World")
    #expect(name.description == "octocat/Hello-World")
  }
}
