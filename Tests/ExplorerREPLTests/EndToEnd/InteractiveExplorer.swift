import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built explorer running with a pseudo-terminal as its standard input, output and error.
final class InteractiveExplorer {
  let pty: PseudoTerminal
  private let process = Process()
  /// Where its state lives; kept as long as the process may write there.
  let state: ScratchFolder

  /// The process id, for sending it signals as a terminal would.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Where `setsid` is, to give explorer the pseudo-terminal as its controlling terminal, so
  /// that a typed Ctrl-C reaches it as SIGINT; nil where there is none (then only signals sent
  /// with `kill` do).
  static let setsid = ["/usr/bin/setsid", "/bin/setsid"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Starts explorer with `arguments`; with `controllingTerminal`, in a session of its own
  /// whose controlling terminal is the pseudo-terminal, as a shell starts it; with
  /// `standardOutput`, writing its output there instead (`explorer > file`).
  init(
    state: ScratchFolder, arguments: [String] = [], controllingTerminal: Bool = false,
    standardOutput: FileHandle? = nil, columns: UInt16 = 100,
    environment: [String: String] = [:]
  ) throws {
    self.state = state
    pty = try PseudoTerminal(columns: columns)
    let terminal = FileHandle(fileDescriptor: pty.terminal, closeOnDealloc: false)
    if controllingTerminal, let setsid = Self.setsid {
      process.executableURL = URL(fileURLWithPath: setsid)
      process.arguments = ["--ctty", "--wait", BuiltExplorer.executable.path] + arguments
    } else {
      process.executableURL = BuiltExplorer.executable
      process.arguments = arguments
    }
    process.environment = InstrumentationEnvironment.adding(
      to: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": state.url.path,
        "XDG_STATE_HOME": state.url.path,
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
      ].merging(environment) { _, added in added })
    process.standardInput = terminal
    process.standardOutput = standardOutput ?? terminal
    process.standardError = terminal
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Hangs up on a process that did not quit, so a failed test ends instead of waiting forever.
  private func hangUpIfStillRunning() {
    guard process.isRunning else { return }
    pty.hangUp()
  }

  /// Waits until the prompt has been drawn empty `count` times: explorer is ready for keys.
  func waitForPrompt(_ count: Int) -> Bool {
    pty.readScreen(untilItContains: "❯ \u{1B}[K", times: count)
  }

  /// Waits for the process to end and returns its exit status.
  func exitStatus() -> Int32 {
    let deadline = Date().addingTimeInterval(PseudoTerminal.patience)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    hangUpIfStillRunning()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// A new empty folder for one test's explorer state (history, recordings), removed with it.
final class ScratchFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-state-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
