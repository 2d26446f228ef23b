package import ExplorerPlatform
package import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A loopback HTTP server that answers from a fixtures folder, so the live client can be tested
/// end to end over real sockets.
///
/// It answers each request with its recording (404 and a message when there is none), one
/// connection per request. Tests can queue faults to serve before the recordings, and read every
/// request that arrived, headers included.
///
/// ```swift
/// let server = try ReplayServer(archive: try ExchangeArchive.load(from: folder))
/// defer { server.stop() }
/// configuration.apiURL = server.baseURL
/// ```
package final class ReplayServer: Sendable {
  /// Something to do instead of answering from the recordings.
  package enum Fault: Sendable {
    /// Close the connection without answering.
    case dropConnection
    /// Answer with this status, headers and body.
    case respond(status: Int, headers: [String: String], body: String)
    /// Wait this long, then answer from the recordings.
    case stall(seconds: Double)
  }

  /// A request as it arrived.
  package struct ReceivedRequest: Sendable {
    package let method: String
    /// The path and query exactly as sent, percent-encoding included.
    package let target: String
    package let headers: HTTPHeaders
  }

  /// The port it listens on, on 127.0.0.1.
  package let port: UInt16
  private let listener: Int32
  private let archive: ExchangeArchive
  private let faults: Guarded<[Fault]>
  private let received = Guarded<[ReceivedRequest]>([])

  /// Starts listening on a free port at once.
  package init(archive: ExchangeArchive, faults: [Fault] = []) throws {
    self.archive = archive
    self.faults = Guarded(faults)
    (listener, port) = try Socket.listenOnLoopback()
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "ReplayServer:\(port)"
    thread.start()
  }

  /// `http://127.0.0.1:PORT`, to use as the API root.
  package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Every request so far, in the order they arrived.
  package var requests: [ReceivedRequest] { received.withLock { $0 } }

  /// Queues faults to serve, in order, before answering from the recordings again.
  package func enqueue(_ more: Fault...) {
    faults.withLock { $0.append(contentsOf: more) }
  }

  /// Stops accepting connections.
  package func stop() {
    Socket.shutDown(listener)
  }

  private func acceptLoop() {
    while let connection = Socket.accept(listener) {
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
    Socket.close(listener)
  }

  private func serve(_ connection: Int32) {
    defer { Socket.close(connection) }
    guard let head = Socket.readHead(connection), let parsed = RequestHead(head) else { return }
    received.withLock {
      $0.append(
        ReceivedRequest(method: parsed.method, target: parsed.target, headers: parsed.headers))
    }
    let fault = faults.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    switch fault {
    case .dropConnection?:
      return
    case .respond(let status, let headers, let body)?:
      Socket.write(connection, Self.responseBytes(status, HTTPHeaders(headers), Data(body.utf8)))
      return
    case .stall(let seconds)?:
      Thread.sleep(forTimeInterval: seconds)
    case nil:
      break
    }
    Socket.write(connection, answer(parsed))
  }

  private func answer(_ head: RequestHead) -> Data {
    guard let request = head.request else {
      return Self.responseBytes(400, HTTPHeaders(), Data(#"{"message":"Bad Request"}"#.utf8))
    }
    do {
      let response = try archive.response(to: request)
      return Self.responseBytes(response.status, response.headers, response.body)
    } catch {
      let body = try? JSONEncoder().encode(["message": "\(error)"])
      return Self.responseBytes(404, HTTPHeaders(), body ?? Data())
    }
  }

  private static func responseBytes(_ status: Int, _ headers: HTTPHeaders, _ body: Data) -> Data {
    var head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
    let transfer = HTTPHeaders.transferHeaderNames
    for (name, value) in headers where !transfer.contains(name.lowercased()) {
      head += "\(name): \(value)\r\n"
    }
    if headers["Content-Type"] == nil {
      head += "Content-Type: application/json; charset=utf-8\r\n"
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return Data(head.utf8) + body
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
