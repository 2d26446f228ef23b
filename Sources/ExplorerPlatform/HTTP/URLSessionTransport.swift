internal import Foundation

#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif

/// Sends requests over HTTP with `URLSession`, relative to an API root.
struct URLSessionTransport: HTTPTransport {
  let baseURL: URL
  let timeout: Double
  let session: URLSession

  init(baseURL: URL, timeout: Double) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration)
  }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    guard let url = url(for: request) else {
      throw .unreachable("\(baseURL.absoluteString) is not a usable API root")
    }
    var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    do {
      let (data, response) = try await data(for: urlRequest)
      guard let http = response as? HTTPURLResponse else {
        throw TransportError.connectionLost("the answer was not HTTP")
      }
      var headers = HTTPHeaders()
      for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name] = value }
      }
      return HTTPResponse(status: http.statusCode, headers: headers, body: data, origin: .network)
    } catch let error as TransportError {
      throw error
    } catch let error as URLError {
      throw Self.transportError(error, host: url.host ?? baseURL.absoluteString, timeout: timeout)
    } catch is CancellationError {
      throw .cancelled
    } catch {
      throw .unreachable("\(error)")
    }
  }

  /// `URLSession.data(for:)`, which Apple platforms only have from macOS 12 and iOS 15, built on
  /// a data task that is cancelled with the calling task.
  private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    let running = RunningTask()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
          }
        }
        running.start(task)
      }
    } onCancel: {
      running.cancel()
    }
  }

  /// The API root with the request's path appended and its query percent-encoded.
  func url(for request: HTTPRequest) -> URL? {
    var root = baseURL.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    return URL(string: root + request.encodedTarget)
  }

  static func transportError(_ error: URLError, host: String, timeout: Double) -> TransportError {
    switch error.code {
    case .cancelled:
      .cancelled
    case .timedOut:
      .timedOut(seconds: timeout)
    case .networkConnectionLost:
      .connectionLost("the connection to \(host) dropped")
    case .badServerResponse:
      // NB: how FoundationNetworking reports a connection closed before any answer.
      .connectionLost("\(host) closed the connection without answering")
    case .notConnectedToInternet:
      .unreachable("this machine is not connected to a network")
    case .cannotFindHost, .dnsLookupFailed:
      .unreachable("cannot find \(host)")
    case .cannotConnectToHost:
      .unreachable("\(host) refused the connection")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      .unreachable("a secure connection to \(host) failed")
    default:
      .unreachable("\(host): \(error.localizedDescription)")
    }
  }
}

/// A data task that may be cancelled before or after it starts.
///
/// NB: `@unchecked Sendable` is sound because `task` and `isCancelled` are only touched while
/// `lock` is held, and `URLSessionTask.resume()` and `cancel()` are themselves thread-safe.
private final class RunningTask: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false

  func start(_ task: URLSessionDataTask) {
    lock.lock()
    self.task = task
    let cancelled = isCancelled
    lock.unlock()
    task.resume()
    if cancelled { task.cancel() }
  }

  func cancel() {
    lock.lock()
    isCancelled = true
    let task = task
    lock.unlock()
    task?.cancel()
  }
}
