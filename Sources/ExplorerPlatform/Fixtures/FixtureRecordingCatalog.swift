internal import ExplorerDomain
internal import Foundation

/// The requests a fixtures folder answers, loaded afresh at each call so that exchanges recorded
/// while explorer runs are listed too.
struct FixtureRecordingCatalog: RecordingCatalog {
  let folder: URL

  func recordings() throws(ExplorerError) -> [Recording] {
    try ExchangeArchive.load(from: folder).answeredRequests.compactMap { request, status in
      GitHubEndpoint.recognized(request).map { Recording($0, status: status) }
    }
  }
}
