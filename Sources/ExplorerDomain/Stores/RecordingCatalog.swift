/// What a folder of recorded exchanges answers offline, without saying how a request is spelled
/// on the wire.
///
/// The domain declares what it needs here; the app registers an implementation for
/// `Container.shared.recordingCatalog`.
public protocol RecordingCatalog: Sendable {
  /// Every recorded request the domain can ask again, with the status it was answered with, in
  /// a stable order.
  ///
  /// - Throws: `ExplorerError.fixturesUnavailable` or `ExplorerError.malformedFixture` when the
  ///   folder cannot be read.
  func recordings() throws(ExplorerError) -> [Recording]
}
