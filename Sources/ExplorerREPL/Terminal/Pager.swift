// Foundation brings the C library in on every platform: `posix_spawn`, `pipe`, `waitpid`.
internal import Foundation

/// Shows text longer than the terminal through a pager, as git and gh do: `PAGER`, else
/// `less -FRX` (which quits by itself when the text fits and keeps colours).
struct Pager: Sendable {
  /// The pager's command line.
  let command: [String]

  /// The pager for this run, or nil for none: with `--no-pager`, when standard output is not a
  /// terminal, or when `PAGER` is empty or `cat`.
  static func chosen(
    environment: [String: String], standardOutputIsTerminal: Bool, disabled: Bool
  ) -> Pager? {
    guard !disabled, standardOutputIsTerminal else { return nil }
    if let words = environment["PAGER"]?.split(separator: " ").map(String.init) {
      guard let first = words.first, first != "cat" else { return nil }
      return Pager(command: [first] + words.dropFirst())
    }
    guard Browser.executable(named: "less", path: environment["PATH"]) != nil else { return nil }
    return Pager(command: ["less", "-FRX"])
  }

  /// The terminal's height in rows, when standard output is one.
  static var terminalRows: Int? { TerminalFacts.windowRows(of: STDOUT_FILENO) }

  /// Hands `lines` to the pager and waits for it to end; false when it could not start, so the
  /// caller prints them itself.
  ///
  // NB: not `Process`, which starts its child in a session of its own on Linux: a pager there
  // has no terminal to read keys from and quits at once. `posix_spawn` keeps it in explorer's
  // session and process group, in the foreground, as a shell would start it.
  func show(_ lines: [String], path: String?) -> Bool {
    guard let executable = Browser.executable(named: command[0], path: path) else { return false }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return false }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    #if canImport(Glibc)
    var actions = posix_spawn_file_actions_t()
    #else
    var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    let arguments = [executable.path] + command.dropFirst()
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, &argv, environ)
    close(readEnd)
    guard spawned == 0 else {
      close(writeEnd)
      return false
    }
    // A pager that quits before reading everything closes the pipe: the rest is not needed.
    let previous = signal(SIGPIPE, SIG_IGN)
    try? TerminalOutput(descriptor: writeEnd).write(lines.joined(separator: "\n") + "\n")
    close(writeEnd)
    signal(SIGPIPE, previous)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    return true
  }
}
