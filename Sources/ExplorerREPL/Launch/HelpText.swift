/// What `explorer --help` prints.
enum HelpText {
  static let version = "explorer 1.0 (Wiring example app)"

  static var usage: String {
    """
    usage: explorer [--live [--record DIR] [--api-url URL] | --fixtures DIR]
                    [-f FILE | -c COMMAND ...] [--json [FIELDS]] [--keep-going] [--no-pager]
                    [--color always|never|auto] [--]
    """
  }

  static var full: String {
    let codes = ExitCode.allCases.map { code in
      "  " + VisibleWidth.pad("\(code.rawValue)", to: 4) + code.meaning
    }
    return
      ([
        "explorer: browse GitHub repositories from the terminal.",
        "",
        usage,
        "",
        "Data comes from the recorded exchanges bundled in Fixtures/github (no network), unless",
        "--live asks api.github.com. GH_TOKEN or GITHUB_TOKEN is sent when set, never printed.",
        "Offline, explorer answers what is recorded, and a smaller --limit of a recorded search:",
        "explorer -c :recordings lists it; --live --record DIR records more.",
        "",
        "Options:",
        "  --live              ask GitHub's REST API",
        "  --record DIR        with --live, also write every exchange to DIR as a fixture",
        "  --api-url URL       with --live, another API root (Enterprise: https://HOST/api/v3)",
        "  --fixtures DIR      read recorded exchanges from DIR instead of the bundled ones",
        "  -f, --file FILE     run the commands in FILE, one per line, then exit",
        "  -c, --command CMD   run CMD (repeatable, in order), then exit",
        "  --json [FIELDS]     print each screen as one line of JSON; with FIELDS (full_name,",
        "                      stars,…) only those fields, in rows of lists too",
        "  --keep-going        in a script, go on after a command fails",
        "  --no-pager          never show long output (a README) through PAGER or less",
        "  --color WHEN        colour the output always, never or auto (the default: when",
        "                      stdout is a terminal, NO_COLOR is unset and TERM is not dumb)",
        "  --no-color          the same as --color never",
        "  --                  end of options",
        "  -h, --help          show this help",
        "  --version           show the version",
        "",
        "With stdin a terminal, explorer is interactive: arrow keys edit and recall history, Tab",
        "completes commands, Ctrl-C cancels a request, Ctrl-D quits. With stdin piped, it runs the",
        "lines as a script: no banner, no prompt, and it stops at the first failing command.",
        "With stdout piped, search results are whole tab-separated fields (#, repository,",
        "stars, forks, language, updated, description, archived), one row per line, and notes go",
        "to stderr.",
        "Inside, :help lists the commands.",
        "",
        "Exit codes:",
      ] + codes).joined(separator: "\n")
  }
}
