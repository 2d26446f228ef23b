package import Foundation

/// What came back for a request, from the network or from a recording.
package struct HTTPResponse: Sendable {
  /// Where a response came from, so a body that does not decode is blamed on the right thing.
  package enum Origin: Hashable, Sendable {
    /// GitHub (or a server speaking for it) answered over HTTP.
    case network
    /// A fixture file answered; `file` is its path relative to the fixtures folder.
    case fixture(file: String)
  }

  package var status: Int
  package var headers: HTTPHeaders
  package var body: Data
  package var origin: Origin

  package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data, origin: Origin) {
    self.status = status
    self.headers = headers
    self.body = body
    self.origin = origin
  }
}
