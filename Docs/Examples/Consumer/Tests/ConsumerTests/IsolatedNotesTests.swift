import NotesFeature
import Testing
import Wiring
import WiringTesting

// The snippets of the testing guide (Docs/Testing.md), compiled and run.

@Suite struct IsolatedNotesTests {
  @Test(.container)
  func listsTitlesAlphabetically() {
    Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea", "Bread"]) }
    #expect(Container.shared.listNotes()() == ["Bread", "Tea"])
  }

  @Test(.container { $0.noteStore.register { FixtureNoteStore(notes: ["Tea", "Bread"]) } })
  func listsTitlesAlphabeticallyWithTheTraitsOverrides() {
    #expect(Container.shared.listNotes()() == ["Bread", "Tea"])
  }

  @Test(.container { $0.noteStore.register { FixtureNoteStore(notes: ["Tea"]) } })
  func exportsInTheBackground() async {
    let scope = Container.capture()
    let titles = await Task.detached { scope.run { Container.shared.listNotes()() } }.value
    #expect(titles == ["Tea"])
  }

  @Test(.container(strict: true) { $0.noteStore.register { FixtureNoteStore(notes: []) } })
  func exportsNothing() async {
    let scope = Container.capture()
    let titles = await Task.detached { scope.run { Container.shared.listNotes()() } }.value
    #expect(titles.isEmpty)
  }

  @Test func helperIsolatesOutsideTraits() async {
    let titles = await withIsolatedContainer {
      Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea"]) }
      return await Task { Container.shared.listNotes()() }.value
    }
    #expect(titles == ["Tea"])
  }
}

@Suite(.container { $0.noteStore.register { FixtureNoteStore(notes: []) } })
struct EmptyStoreTests {
  @Test func listsNothing() {
    #expect(Container.shared.listNotes()().isEmpty)
  }
}

public final class NetworkContainer: IsolatableContainer {
  @TaskLocal public static var shared = NetworkContainer()
  public static var sharedTaskLocal: TaskLocal<NetworkContainer> { $shared }
  public let manager = ContainerManager()
  public init() {}
}

extension NetworkContainer {
  public var baseURL: Factory<String> { self { "https://api.example.com" } }
}

@Suite struct IsolatedNetworkTests {
  @Test(.container(NetworkContainer.self) { $0.baseURL.register { "http://localhost:8080" } })
  func talksToTheLocalServer() {
    #expect(NetworkContainer.shared.baseURL() == "http://localhost:8080")
  }

  @Test(.container, .container(NetworkContainer.self))
  func syncsNotes() {
    Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea"]) }
    #expect(Container.shared.listNotes()() == ["Tea"])
    #expect(NetworkContainer.shared.baseURL() == "https://api.example.com")
  }
}

#if canImport(XCTest)
import XCTest

final class ListNotesXCTests: XCTestCase {
  func testListsTitlesAlphabetically() {
    withIsolatedContainer {
      Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea", "Bread"]) }
      XCTAssertEqual(Container.shared.listNotes()(), ["Bread", "Tea"])
    }
  }

  func testLoadsInTheBackground() async {
    let titles = await withIsolatedContainer {
      Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea"]) }
      return await Task { Container.shared.listNotes()() }.value
    }
    XCTAssertEqual(titles, ["Tea"])
  }
}
#endif
