internal import ExplorerDomain

/// Turns a typed line into a `Command`, or says precisely why it is not one.
///
/// A command is named by its full name or any unique prefix: `:s swift`, `:op 2`.
package enum CommandParser {
  /// The command on `line`, or `nil` for a blank line or a `#` comment.
  package static func parse(_ line: String) throws(CommandError) -> Command? {
    let trimmed = line.trimmingWhitespace()
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    // As in psql, the words people type to leave work without the colon.
    if ["quit", "exit"].contains(trimmed.lowercased()) { return .quit }
    guard trimmed.hasPrefix(":") else { throw .notACommand(trimmed) }
    let words = try Tokenizer.words(in: String(trimmed.dropFirst()))
    guard let typed = words.first else {
      throw .unknownCommand("", suggestion: "help")
    }
    let name = try resolve(typed)
    return try command(name, arguments: Array(words.dropFirst()))
  }

  /// Short names that would otherwise be ambiguous prefixes, kept for habit's sake: `:h` is help.
  static let aliases = ["h": "help", "?": "help", "exit": "quit", "browse": "web", "r": "readme"]

  /// The names of every command, for completion and `:help`.
  package static var names: [String] { CommandSpec.all.map(\.name) }

  /// The full name of the command `typed` names, by exact name or unique prefix.
  static func resolve(_ typed: String) throws(CommandError) -> String {
    let lowered = typed.lowercased()
    if names.contains(lowered) { return lowered }
    if let alias = aliases[lowered] { return alias }
    let matches = names.filter { $0.hasPrefix(lowered) }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 { throw .ambiguousCommand(typed, candidates: matches) }
    throw .unknownCommand(typed, suggestion: NearestName.to(lowered, among: names))
  }

  private static func command(
    _ name: String, arguments: [String]
  ) throws(CommandError) -> Command {
    var arguments = ArgumentList(command: name, words: arguments)
    let command: Command
    switch name {
    case "search":
      command = .search(try SearchArguments.query(from: &arguments))
    case "open":
      command = .open(try openTarget(from: &arguments))
    case "readme":
      if let word = try arguments.optionalWord() {
        command = .readme(try repositoryName(word, for: name))
      } else {
        command = .readme(nil)
      }
    case "web":
      command = .web(
        try arguments.optionalWord().map { word throws(CommandError) in
          try repositoryName(word, for: name)
        })
    case "deps":
      let mermaid = arguments.flag("--mermaid")
      let dot = arguments.flag("--dot")
      if mermaid && dot { throw arguments.problem("choose one of --mermaid and --dot") }
      command = .deps(mermaid ? .mermaid : dot ? .dot : .tree)
    case "mode":
      if let word = try arguments.optionalWord() {
        guard let mode = StoreMode(rawValue: word.lowercased()) else {
          throw arguments.problem("unknown mode \(word.quotedForMessage): use live or fixtures")
        }
        command = .mode(mode)
      } else {
        command = .mode(nil)
      }
    case "help":
      let topic = try arguments.optionalWord()
      command = .help(
        try topic.map { word throws(CommandError) in
          try resolve(word.hasPrefix(":") ? String(word.dropFirst()) : word)
        })
    case "back": command = .back
    case "home": command = .home
    case "more": command = .more
    case "env": command = .env
    case "recordings": command = .recordings
    case "history": command = .history
    default: command = .quit
    }
    try arguments.finish()
    return command
  }

  private static func openTarget(
    from arguments: inout ArgumentList
  ) throws(CommandError) -> Command.OpenTarget {
    let word = try arguments.requiredWord("a row number or OWNER/NAME")
    if let row = Int(word) { return .row(row) }
    return .name(try repositoryName(word, for: "open"))
  }

  private static func repositoryName(
    _ word: String, for command: String
  ) throws(CommandError) -> RepositoryName {
    guard let name = RepositoryName(word) ?? repositoryName(inURL: word) else {
      let expected =
        command == "open"
        ? "neither a row number, OWNER/NAME nor a github.com address"
        : "neither OWNER/NAME nor a github.com address"
      throw .badUsage(command: command, problem: "\(word.quotedForMessage) is \(expected)")
    }
    return name
  }

  /// The repository a GitHub web address points into, as gh accepts them:
  /// `https://github.com/apple/swift`, `github.com/apple/swift/tree/main`, `….git`.
  static func repositoryName(inURL word: String) -> RepositoryName? {
    var rest = Substring(word)
    for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) {
      rest = rest.dropFirst(scheme.count)
    }
    let hosts = ["www.github.com/", "github.com/"]
    guard let host = hosts.first(where: { rest.lowercased().hasPrefix($0) }) else { return nil }
    rest = rest.dropFirst(host.count)
    rest = rest.prefix { $0 != "?" && $0 != "#" }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count >= 2 else { return nil }
    return RepositoryName("\(parts[0])/\(parts[1])")
  }
}
