import NotesFeature
import Testing
import Wiring

struct FixtureNoteStore: NoteStore {
  let notes: [String]
  func titles() -> [String] { notes }
}

@Suite struct ListNotesTests {
  @Test func listsTitlesAlphabetically() {
    Container.$shared.withValue(Container()) {
      Container.shared.noteStore.register { FixtureNoteStore(notes: ["Tea", "Bread"]) }
      #expect(Container.shared.listNotes()() == ["Bread", "Tea"])
    }
  }

  @Test func listsNothingWhenTheAppRegistersNoStore() {
    Container.$shared.withValue(Container()) {
      Container.shared.noteStore.register { nil }
      #expect(Container.shared.listNotes()().isEmpty)
    }
  }

  @Test func reportsAMissingStoreAsAValue() throws {
    let container = Container()  // captured: the body runs on a thread of its own
    let outcome = catchResolutionFailure { container.listNotes() }
    let error = #expect(throws: ResolutionFailure.self) { try outcome.get() }
    #expect(error?.kind == .missingRegistration)
  }

  #if compiler(>=6.2)
  @Test func trapsWhenNoStoreIsRegistered() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Container().listNotes()
    }
    let stderr = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(stderr.contains("Container.noteStore is promised but nothing is registered"))
  }
  #endif
}
