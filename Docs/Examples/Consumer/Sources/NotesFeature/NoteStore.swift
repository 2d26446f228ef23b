/// Where notes are kept. The feature needs one but does not decide which.
public protocol NoteStore: Sendable {
  /// The titles of every stored note, in no particular order.
  func titles() -> [String]
}
