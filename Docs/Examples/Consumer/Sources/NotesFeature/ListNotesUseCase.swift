/// Lists note titles alphabetically.
public struct ListNotesUseCase: Sendable {
  let store: (any NoteStore)?

  /// The sorted titles, or none when the app registered no store (`{ nil }`).
  public func callAsFunction() -> [String] {
    (store?.titles() ?? []).sorted()
  }
}
