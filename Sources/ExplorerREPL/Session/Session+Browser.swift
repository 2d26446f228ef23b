internal import ExplorerDomain
internal import ExplorerPresentation
internal import Foundation

extension Session {
  /// Opens `name`, or the repository on screen, in a browser, and prints its address on
  /// standard output either way; how opening went is a note.
  func openInBrowser(_ name: RepositoryName?) throws(Failure) {
    let url: URL
    if let name {
      url = Self.webAddress(of: name)
    } else {
      switch navigator.screen {
      case .repository(let model):
        guard let summary = model.state.detail?.summary else {
          throw .session(.noRepository(command: "web"))
        }
        url = summary.htmlURL ?? Self.webAddress(of: summary.name)
      case .readme(let model):
        guard let name = model.state.name else { throw .session(.noRepository(command: "web")) }
        url = Self.webAddress(of: name)
      default:
        throw .session(.noRepository(command: "web"))
      }
    }
    let outcome = Browser(environment: environment).open(url)
    if json {
      let opened = if case .opened = outcome { true } else { false }
      console.out(jsonLine(JSONOutput.Web(url: url.absoluteString, opened: opened)))
    } else {
      console.out(url.absoluteString)
    }
    switch outcome {
    case .opened(let command):
      console.err(renderer.note("opened in the browser (\(Sanitizer.line(command)))"))
    case .noBrowser:
      console.err(renderer.note("no browser to open it with: set BROWSER to one"))
    case .failed(let command, let reason):
      console.err(renderer.note("could not open it with \(Sanitizer.line(command)): \(reason)"))
    }
  }

  private static func webAddress(of name: RepositoryName) -> URL {
    URL(string: "https://github.com/\(name.owner)/\(name.name)")!
  }
}
