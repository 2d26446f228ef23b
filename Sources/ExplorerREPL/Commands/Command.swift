package import ExplorerDomain

/// One thing the user asked for, parsed and checked, ready to run.
package enum Command: Hashable, Sendable {
  /// `:search QUERY [options]`
  case search(SearchQuery)
  /// `:open N` or `:open owner/name`
  case open(OpenTarget)
  /// `:back`
  case back
  /// `:home`
  case home
  /// `:more`
  case more
  /// `:readme [owner/name]`
  case readme(RepositoryName?)
  /// `:web [owner/name]`: the repository in a browser.
  case web(RepositoryName?)
  /// `:deps [--mermaid | --dot]`
  case deps(GraphFormat)
  /// `:mode [live|fixtures]`: switch, or, alone, show the mode.
  case mode(StoreMode?)
  /// `:recordings`: what the fixtures answer offline.
  case recordings
  /// `:env`
  case env
  /// `:history`
  case history
  /// `:help [command]`
  case help(String?)
  /// `:quit`
  case quit

  /// What `:open` was given.
  package enum OpenTarget: Hashable, Sendable {
    /// A row of the current list, counting from 1.
    case row(Int)
    /// A repository by name.
    case name(RepositoryName)
  }

  /// How `:deps` prints the graph.
  package enum GraphFormat: String, Hashable, Sendable {
    /// An indented tree.
    case tree
    /// Mermaid flowchart text.
    case mermaid
    /// Graphviz DOT text.
    case dot
  }
}

/// Where repositories come from.
package enum StoreMode: String, Hashable, Sendable, CaseIterable {
  /// The recorded exchanges in a fixtures folder; no network.
  case fixtures
  /// GitHub's REST API.
  case live
}
