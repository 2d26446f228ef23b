internal import ExplorerDomain
internal import Foundation

/// Answers from recorded exchanges in a folder, without any HTTP.
///
/// The folder is read on the first request that finds it readable, and kept; a folder that
/// cannot be read is reported and read again on the next request, so a fixed file is picked up
/// without starting over.
struct FixtureRepositoryStore: ExchangeBackedStore {
  private let archive: LazyArchive

  init(folder: URL) {
    archive = LazyArchive(folder: folder)
  }

  func respond(to request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    try await archive.loaded().response(to: request)
  }
}

/// Loads an archive on first use and keeps it once it loaded.
private actor LazyArchive {
  let folder: URL
  private var archive: ExchangeArchive?

  init(folder: URL) {
    self.folder = folder
  }

  func loaded() throws(ExplorerError) -> ExchangeArchive {
    if let archive { return archive }
    let loaded = try ExchangeArchive.load(from: folder)
    archive = loaded
    return loaded
  }
}
