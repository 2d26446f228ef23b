internal import ExplorerDomain

/// What Tab offers after a command's name: its options, their values, and the rows and
/// repositories on screen.
///
/// ```swift
/// let screen = CommandCompletion.Screen(rows: 10, names: ["apple/swift"])
/// CommandCompletion.arguments(after: [":open"], on: screen)  // ["1", …, "10", "apple/swift"]
/// CommandCompletion.arguments(after: [":search", "swift", "--sort"], on: screen)  // stars, …
/// ```
package enum CommandCompletion {
  /// What is on screen that a command can name.
  package struct Screen: Sendable, Equatable {
    /// How many rows the list on screen has; 0 without a list.
    package let rows: Int
    /// The repositories on screen, as `OWNER/NAME`.
    package let names: [String]

    package init(rows: Int, names: [String]) {
      self.rows = rows
      self.names = names
    }
  }

  /// Every command, as the first word of a line: `:search`, `:open`, …
  package static var commands: [String] { CommandParser.names.map { ":\($0)" } }

  /// The words offered after `before`, a line's words so far, with `screen` on screen.
  package static func arguments(after before: [String], on screen: Screen) -> [String] {
    guard let first = before.first, first.hasPrefix(":"),
      let name = try? CommandParser.resolve(String(first.dropFirst()))
    else { return [] }
    let isFirstArgument = before.count == 1
    switch name {
    case "search":
      return searchArguments(after: before.last ?? "")
    case "open":
      guard isFirstArgument else { return [] }
      return (screen.rows > 0 ? (1...screen.rows).map(String.init) : []) + screen.names
    case "readme":
      return isFirstArgument ? screen.names : []
    case "help":
      return isFirstArgument ? CommandParser.names : []
    case "mode":
      return isFirstArgument ? StoreMode.allCases.map(\.rawValue) : []
    case "deps":
      return isFirstArgument ? ["--mermaid", "--dot"] : []
    default:
      return []
    }
  }

  /// `:search`'s options, or the values of the option just typed.
  private static func searchArguments(after previous: String) -> [String] {
    switch previous {
    case "--sort": SearchQuery.Sort.allCases.map(\.rawValue)
    case "--order": ["asc", "desc"]
    case "--limit", "-L": ["10", "20", "50", "100"]
    case "--language", "--topic": []
    default: ["--sort", "--order", "--limit", "--language", "--topic"]
    }
  }
}
