internal import ExplorerDomain
internal import Foundation

/// The decisions taken once at start: where data comes from and how output looks.
@MainActor
struct Launch {
  let root: CompositionRoot
  let renderer: Renderer
  let json: Bool
  let facts: [(String, String)]
  /// Why colour is on or off, as `:env` says it.
  let colourReason: String
  let environment: [String: String]
  let pager: Pager?
  let jsonFields: Set<String>?

  init(
    options: LaunchOptions, environment: [String: String], terminal: TerminalFacts
  ) throws(UsageError) {
    let fixtures =
      try options.fixtures.map { path throws(UsageError) in
        try Self.existingFolder(path, for: "--fixtures")
      } ?? FixtureLocation.bundled()
    let recordings = try options.record.map { path throws(UsageError) in
      // Made when the first exchange is written; a file in its place would fail every one.
      let url = URL(fileURLWithPath: path, isDirectory: true)
      guard !FileManager.default.fileExists(atPath: path) || FixtureLocation.isFolder(url) else {
        throw UsageError("--record: \(path) is a file, not a folder")
      }
      return url
    }
    let apiURL = try options.apiURL.map { text throws(UsageError) in
      guard let url = URL(string: text), let scheme = url.scheme,
        ["http", "https"].contains(scheme),
        url.host != nil
      else { throw UsageError("--api-url needs an http(s) URL, not \"\(text)\"") }
      return url
    }
    self.environment = environment
    pager =
      options.json
      ? nil
      : Pager.chosen(
        environment: environment, standardOutputIsTerminal: terminal.standardOutputIsTerminal,
        disabled: options.noPager)
    root = CompositionRoot(
      mode: options.live ? .live : .fixtures, fixtures: fixtures, recordings: recordings,
      apiURL: apiURL, environment: environment)
    let (colour, reason) = Self.colour(options, environment, terminal)
    colourReason = reason
    let width = max(40, terminal.columns)
    // A terminal can be resized while explorer runs: measure it at each screen.
    let measures = terminal.standardOutputIsTerminal
    let measuresErrors = terminal.standardErrorIsTerminal
    let output = TerminalOutput.standardOutput.descriptor
    let errors = TerminalOutput.standardError.descriptor
    renderer = Renderer(
      style: Style(isEnabled: colour),
      formats: Formats(dates: terminal.standardOutputIsTerminal ? .relative : .iso, now: Date()),
      width: width, lineWidth: terminal.columnsAreKnown ? width : nil,
      piped: !terminal.standardOutputIsTerminal,
      currentColumns: { measures ? TerminalFacts.windowColumns(of: output) : nil },
      errorColumns: { measuresErrors ? TerminalFacts.windowColumns(of: errors) : nil })
    json = options.json
    jsonFields = options.jsonFields.map(Set.init)
    facts = [
      (
        "token",
        root.tokenSource.map { "\($0) (value hidden)" }
          ?? "none (anonymous: 60 requests an hour, 10 searches a minute)"
      ),
      ("colour", reason),
      (
        "dates",
        terminal.standardOutputIsTerminal
          ? "relative (stdout is a terminal)" : "ISO 8601 (stdout is not a terminal)"
      ),
    ]
  }

  func session(console: any Console) -> Session {
    let session = makeSession(console: console)
    session.jsonFields = jsonFields
    return session
  }

  private func makeSession(console: any Console) -> Session {
    Session(
      console: console, renderer: renderer, json: json, root: root, facts: facts,
      environment: environment, pager: pager)
  }

  private static func colour(
    _ options: LaunchOptions, _ environment: [String: String], _ terminal: TerminalFacts
  ) -> (Bool, String) {
    switch options.color {
    case .always: return (true, "on (--color always)")
    case .never: return (false, "off (--color never or --no-color)")
    case .auto: break
    }
    if terminal.allowsColor { return (true, "on (stdout is a terminal)") }
    if !terminal.standardOutputIsTerminal { return (false, "off (stdout is not a terminal)") }
    if environment["TERM"] == "dumb" { return (false, "off (TERM=dumb)") }
    return (false, "off (NO_COLOR is set)")
  }

  private static func existingFolder(_ path: String, for option: String) throws(UsageError) -> URL {
    let url = URL(fileURLWithPath: path, isDirectory: true)
    guard FixtureLocation.isFolder(url) else { throw UsageError("\(option): no folder at \(path)") }
    return url
  }
}
