/// Where a view model is in answering its last input.
public enum Phase: Hashable, Sendable {
  /// Nothing asked yet.
  case idle
  /// Waiting for the data layer.
  case loading
  /// The last input succeeded; the state holds its result.
  case ready
  /// The last input failed; the state still holds what it showed before.
  case failed(PresentationError)

  /// The failure of the last input, if it failed.
  public var failure: PresentationError? {
    if case .failed(let error) = self { error } else { nil }
  }
}
