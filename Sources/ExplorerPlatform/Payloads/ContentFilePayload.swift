internal import ExplorerDomain
internal import Foundation

/// The body of `GET /repos/{owner}/{repo}/readme`: the file, base64-encoded.
struct ContentFilePayload: Decodable {
  let name: String
  let path: String
  let content: String
  let encoding: String

  func readme() throws(PayloadError) -> Readme {
    guard encoding == "base64" else {
      throw PayloadError(path: "encoding", reason: "\"\(encoding)\" is not base64")
    }
    guard let data = Data(base64Encoded: content, options: .ignoreUnknownCharacters) else {
      throw PayloadError(path: "content", reason: "not valid base64")
    }
    // NB: a README that is not UTF-8 still shows, with U+FFFD where its bytes were not text.
    return Readme(fileName: name, path: path, text: String(decoding: data, as: UTF8.self))
  }
}
