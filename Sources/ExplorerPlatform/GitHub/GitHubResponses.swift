internal import ExplorerDomain
internal import Foundation

/// Turns what came back for a request into domain values or the one error that explains it.
///
/// Live, recorded and replayed responses all pass through here, so every store reports the same
/// result for the same exchange.
enum GitHubResponses {
  static func searchPage(
    _ response: HTTPResponse, for query: SearchQuery, request: HTTPRequest
  ) throws(ExplorerError) -> SearchPage {
    let (items, totalCount, isIncomplete) = try value(
      of: SearchResultsPayload.self, response, request: request,
      missing: "search \"\(query.text)\""
    ) { payload throws(PayloadError) in
      (try payload.summaries(), payload.totalCount, payload.incompleteResults ?? false)
    }
    let link = response.headers["Link"].map(LinkHeader.init)
    var next: SearchQuery?
    if let link, link.targets["next"] != nil {
      guard let page = link.page(of: "next") else {
        throw malformed(response, request: request, path: "", "the next link has no page number")
      }
      do {
        next = try query.onPage(page)
      } catch {
        throw malformed(response, request: request, path: "", "the next link's page is \(page)")
      }
    }
    return SearchPage(
      query: query, items: items, totalCount: totalCount, isIncomplete: isIncomplete, next: next)
  }

  static func repository(
    _ response: HTTPResponse, named name: RepositoryName, request: HTTPRequest
  ) throws(ExplorerError) -> RepositoryDetail {
    try value(
      of: RepositoryPayload.self, response, request: request, missing: "repository \(name)"
    ) { payload throws(PayloadError) in try payload.detail() }
  }

  static func readme(
    _ response: HTTPResponse, of name: RepositoryName, request: HTTPRequest
  ) throws(ExplorerError) -> Readme {
    try value(
      of: ContentFilePayload.self, response, request: request, missing: "README of \(name)"
    ) { payload throws(PayloadError) in try payload.readme() }
  }

  /// The domain value of a successful response: its body decoded as `Payload`, then converted;
  /// a failure status becomes its error, and a body that does not fit is blamed by JSON path.
  private static func value<Payload: Decodable, Value>(
    of type: Payload.Type, _ response: HTTPResponse, request: HTTPRequest, missing: String,
    _ convert: (Payload) throws(PayloadError) -> Value
  ) throws(ExplorerError) -> Value {
    guard (200..<300).contains(response.status) else {
      throw failure(response, request: request, missing: missing)
    }
    do {
      return try convert(try PayloadDecoding.decode(type, from: response.body))
    } catch {
      throw malformed(response, request: request, path: error.path, error.reason)
    }
  }

  static func failure(
    _ response: HTTPResponse, request: HTTPRequest, missing: String
  ) -> ExplorerError {
    let payload =
      (try? PayloadDecoding.decode(ErrorPayload.self, from: response.body))
      ?? ErrorPayload(message: nil, errors: nil)
    let message = payload.bestMessage
    switch response.status {
    case 401:
      return .unauthorized(message: message ?? "Requires authentication")
    case 403, 429:
      if let limit = rateLimit(response, message: message) { return .rateLimited(limit) }
      return .forbidden(message: message ?? "Forbidden")
    case 404, 410:
      return .notFound(what: missing)
    case 422:
      return .invalidQuery(message: message ?? "Validation Failed")
    case 500..<600:
      return .serverError(status: response.status, message: message)
    default:
      let reason = "HTTP \(response.status)" + (message.map { ": \($0)" } ?? "")
      return .unexpectedResponse(request: request.description, reason: reason)
    }
  }

  /// The limit a 403 or 429 reports, or `nil` when it is a plain permission error.
  ///
  /// GitHub's rules: `X-RateLimit-Remaining: 0` is the primary limit, to wait out until
  /// `X-RateLimit-Reset`; `Retry-After`, a 429, or a message about a secondary rate limit is
  /// the secondary one.
  static func rateLimit(_ response: HTTPResponse, message: String?) -> RateLimit? {
    let headers = response.headers
    let remaining = headers["X-RateLimit-Remaining"].flatMap { Int($0) }
    let retryAfter = headers["Retry-After"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    let mentionsLimit = message?.lowercased().contains("rate limit") ?? false
    let kind: RateLimit.Kind
    if remaining == 0 {
      kind = .primary
    } else if retryAfter != nil || response.status == 429 || mentionsLimit {
      kind = .secondary
    } else {
      return nil
    }
    return RateLimit(
      kind: kind, resource: headers["X-RateLimit-Resource"],
      limit: headers["X-RateLimit-Limit"].flatMap { Int($0) },
      resetsAt: headers["X-RateLimit-Reset"].flatMap { TimeInterval($0) }
        .map { Date(timeIntervalSince1970: $0) },
      retryAfterSeconds: retryAfter)
  }

  /// A body that does not decode: blamed on the fixture file, or on GitHub's answer.
  static func malformed(
    _ response: HTTPResponse, request: HTTPRequest, path: String, _ reason: String
  ) -> ExplorerError {
    switch response.origin {
    case .fixture(let file):
      let bodyPath = path.isEmpty ? "response.body" : "response.body.\(path)"
      return .malformedFixture(file: file, jsonPath: bodyPath, reason: reason)
    case .network:
      let location = path.isEmpty ? "" : " at \(path)"
      return .unexpectedResponse(request: request.description, reason: "body\(location): \(reason)")
    }
  }
}
