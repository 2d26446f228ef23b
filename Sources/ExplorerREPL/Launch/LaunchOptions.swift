/// What the command line asked for.
package struct LaunchOptions: Hashable, Sendable {
  /// `--live`: ask GitHub instead of the fixtures.
  package var live = false
  /// `--fixtures DIR`: another folder of recorded exchanges.
  package var fixtures: String?
  /// `--record DIR`: write every live exchange there.
  package var record: String?
  /// `--api-url URL`: a GitHub Enterprise Server API root.
  package var apiURL: String?
  /// `-f FILE`: run the commands in a file.
  package var scriptFile: String?
  /// `-c COMMAND`, in order: run these and exit.
  package var commands: [String] = []
  /// `--json [FIELDS]`: print each screen as one line of JSON, with only `FIELDS` (comma
  /// separated) when given.
  package var json = false
  /// The fields `--json` keeps; nil for all.
  package var jsonFields: [String]?
  /// `--keep-going`: a failing command of a script does not stop it.
  package var keepGoing = false
  /// `--color always|never|auto`, or `--no-color` for never: whether output is coloured.
  package var color = ColorChoice.auto
  /// `--no-pager`: never hand long output to a pager.
  package var noPager = false
  /// `--help`
  package var help = false
  /// `--version`
  package var version = false

  package init() {}

  /// Reads `arguments` (without the program name).
  ///
  /// - Throws: a `UsageError` naming the first argument that makes no sense.
  package static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var (name, inlineValue) = (argument, String?.none)
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.isEmpty else {
          throw UsageError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--live": options.live = true
      case "--fixtures": options.fixtures = try value()
      case "--record": options.record = try value()
      case "--api-url": options.apiURL = try value()
      case "-f", "--file": options.scriptFile = try value()
      case "-c", "--command": options.commands.append(try value())
      case "--json":
        options.json = true
        // Fields follow `--json` as gh spells it: `--json full_name,stars`.
        let fields = inlineValue ?? remaining.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if let fields {
          if inlineValue == nil { remaining.removeFirst() }
          let names = fields.split(separator: ",").map(String.init)
          guard !names.isEmpty else {
            throw UsageError("--json needs field names (--json full_name,stars), or none at all")
          }
          if let unknown = names.first(where: { !JSONOutput.fields.contains($0) }) {
            let known = JSONOutput.fields.sorted().joined(separator: ", ")
            throw UsageError("unknown --json field \"\(unknown)\": use \(known)")
          }
          options.jsonFields = names
        }
      case "--keep-going": options.keepGoing = true
      case "--no-pager": options.noPager = true
      case "--no-color", "--no-colour": options.color = .never
      case "--color", "--colour":
        let word = try value()
        guard let choice = ColorChoice(rawValue: word) else {
          throw UsageError("\(name) takes always, never or auto, not \"\(word)\"")
        }
        options.color = choice
      case "--":
        // Nothing after `--` is an option; explorer takes no other arguments.
        if let next = remaining.first {
          throw UsageError("unexpected argument \"\(next)\" (commands go after -c)")
        }
      case "-h", "--help": options.help = true
      case "--version": options.version = true
      default:
        if argument.hasPrefix("-") { throw UsageError("unknown option \(argument)") }
        throw UsageError("unexpected argument \"\(argument)\" (commands go after -c)")
      }
      if inlineValue != nil,
        ![
          "--fixtures", "--record", "--api-url", "--file", "--command", "--color", "--colour",
          "--json",
        ].contains(name)
      {
        throw UsageError("\(name) takes no value")
      }
    }
    if options.record != nil, !options.live {
      throw UsageError("--record needs --live: only live exchanges can be recorded")
    }
    if options.fixtures != nil, options.live {
      throw UsageError("--fixtures and --live exclude each other")
    }
    if options.scriptFile != nil, !options.commands.isEmpty {
      throw UsageError("-f and -c exclude each other")
    }
    return options
  }
}

/// Whether output is coloured.
package enum ColorChoice: String, Hashable, Sendable {
  /// Always, even into a pipe: for `| less -R`.
  case always
  /// Never.
  case never
  /// When standard output is a terminal and neither `NO_COLOR` nor `TERM=dumb` says otherwise.
  case auto
}

/// A command line that cannot be run, with the reason.
package struct UsageError: Error, Hashable, Sendable {
  /// What is wrong, in one line.
  package let message: String

  init(_ message: String) {
    self.message = message
  }
}
