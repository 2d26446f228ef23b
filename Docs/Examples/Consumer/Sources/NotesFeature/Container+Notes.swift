import Wiring

extension Container {
  /// The store the notes feature reads from; the app registers it at start-up.
  public var noteStore: Factory<(any NoteStore)?> { promised() }

  /// Lists notes from whichever store the app registered.
  public var listNotes: Factory<ListNotesUseCase> {
    self { ListNotesUseCase(store: self.noteStore()) }
  }
}
