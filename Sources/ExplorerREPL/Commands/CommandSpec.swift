/// What the REPL knows about one command: its name, how to call it and what it does.
struct CommandSpec: Sendable {
  /// The name without its colon: `search`.
  let name: String
  /// The arguments after the name, as `:help` shows them: `QUERY [--sort stars|forks|updated]`.
  let usage: String
  /// One line for the `:help` list.
  let summary: String
  /// More lines for `:help NAME`, empty when the summary says it all.
  let details: [String]

  /// The details as paragraphs, to wrap to a terminal: their lines joined, an example starting
  /// a paragraph of its own.
  var paragraphs: [String] {
    details.reduce(into: [String]()) { paragraphs, line in
      if line.hasPrefix("Example") || paragraphs.isEmpty {
        paragraphs.append(line)
      } else {
        paragraphs[paragraphs.count - 1] += " " + line
      }
    }
  }

  /// The whole call, as `:help` and usage errors show it: `:search QUERY [--sort …]`.
  var synopsis: String { usage.isEmpty ? ":\(name)" : ":\(name) \(usage)" }

  /// Every command, in the order `:help` lists them.
  static let all: [CommandSpec] = [
    CommandSpec(
      name: "search",
      usage: "QUERY [--sort stars|forks|help-wanted-issues|updated] [--order asc|desc] "
        + "[--limit N] [--language LANG] [--topic TOPIC]",
      summary: "search repositories (GitHub search syntax passes through)",
      details: [
        "QUERY is GitHub's search syntax: words, and qualifiers such as stars:>1000 or",
        "user:apple. --language and --topic add language: and topic: qualifiers. GitHub takes",
        "up to 256 characters besides the qualifiers, and up to five AND, OR and NOT.",
        "--sort orders by stars, forks, help-wanted-issues or updated (default: best match);",
        "--order is desc (default) or asc; --limit (-L) is the page size, 1 to 100 (default 10).",
        "Offline, only recorded searches answer (:recordings lists them), and a smaller --limit",
        "of one of them.",
        "Example: :search --topic cli --sort forks --order asc --limit 5",
      ]),
    CommandSpec(
      name: "open", usage: "N | OWNER/NAME | URL",
      summary: "open row N of the list, or a repository by name or GitHub address",
      details: [
        "Rows count from 1. Example: :open 2, :open apple/swift,",
        ":open https://github.com/apple/swift",
      ]),
    CommandSpec(
      name: "more", usage: "", summary: "load the next page of the current search", details: []),
    CommandSpec(
      name: "readme", usage: "[OWNER/NAME]",
      summary: "show the README of the open repository, or of OWNER/NAME", details: []),
    CommandSpec(
      name: "web", usage: "[OWNER/NAME]",
      summary: "open the repository in a browser (:browse works too)",
      details: [
        "Opens the open repository, or OWNER/NAME, with BROWSER, or the system's browser.",
        "The address is printed either way, so a script or a machine without one gets it.",
      ]),
    CommandSpec(name: "back", usage: "", summary: "go back to the previous screen", details: []),
    CommandSpec(name: "home", usage: "", summary: "go back to the start", details: []),
    CommandSpec(
      name: "deps", usage: "[--mermaid | --dot]",
      summary: "show the dependencies Wiring resolved for the current screen",
      details: [
        "Without an option the graph prints as a tree; --mermaid and --dot print text that",
        "Mermaid or Graphviz render.",
      ]),
    CommandSpec(
      name: "mode", usage: "[live|fixtures]",
      summary: "switch between GitHub and the recorded fixtures, or show which is used",
      details: [
        "The store is registered again in the container; screens opened afterwards use it.",
        "Without an argument, prints the mode in use.",
      ]),
    CommandSpec(
      name: "recordings", usage: "",
      summary: "list the commands the recorded fixtures answer offline", details: []),
    CommandSpec(
      name: "env", usage: "",
      summary: "show the mode, fixtures folder, token source and colour decision", details: []),
    CommandSpec(
      name: "history", usage: "", summary: "list the commands typed so far, in earlier runs too",
      details: []),
    CommandSpec(
      name: "help", usage: "[COMMAND]", summary: "list the commands, or explain one", details: []),
    CommandSpec(
      name: "quit", usage: "", summary: "leave explorer (Ctrl-D, :exit, quit and exit work too)",
      details: []),
  ]

  /// The spec named exactly `name`.
  static func named(_ name: String) -> CommandSpec? {
    all.first { $0.name == name }
  }
}
