import ExplorerPlatform
import ExplorerTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while a request is in flight, against a server that stalls: the request is cancelled,
/// not the program.
@Suite struct CancellationTests {
  @Test func ctrlCCancelsTheRunningRequestAndComesBackToThePrompt() throws {
    let (server, explorer) = try searchAgainstAStallingServer()
    defer { server.stop() }
    #expect(waitForRequest(to: server))
    kill(explorer.processIdentifier, SIGINT)
    #expect(explorer.waitForPrompt(2))
    #expect(explorer.pty.screen.contains("error: cancelled"))
    #expect(!explorer.pty.screen.contains("Showing 3 of 3"))
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// Typed at the terminal, Ctrl-C is echoed as `^C`; the error starts a line of its own.
  @Test(.enabled(if: InteractiveExplorer.setsid != nil, "needs setsid for a controlling terminal"))
  func aTypedCtrlCEndsTheLineBeforeTheError() throws {
    let (server, explorer) = try searchAgainstAStallingServer(controllingTerminal: true)
    defer { server.stop() }
    #expect(waitForRequest(to: server))
    explorer.pty.type("\u{03}")
    #expect(explorer.waitForPrompt(2))
    // Each line as the terminal leaves it: a carriage return (the spinner's erase, when the
    // spinner started before the key) writes over what came before it on the line.
    let lines = explorer.pty.screen.components(separatedBy: "\r\n").map { line in
      (line.components(separatedBy: "\r").last ?? "")
        .replacingOccurrences(of: "\u{1B}[K", with: "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(lines.contains("error: cancelled"), "\(lines)")
    #expect(!lines.contains { $0.hasSuffix("^Cerror: cancelled") })
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  /// A request that takes a while shows a spinner on standard error, erased before the
  /// answer, or here the error, is printed.
  @Test func aSlowRequestShowsASpinnerUntilItEnds() throws {
    let (server, explorer) = try searchAgainstAStallingServer()
    defer { server.stop() }
    #expect(explorer.pty.readScreen(untilItContains: "waiting for an answer… (Ctrl-C cancels)"))
    kill(explorer.processIdentifier, SIGINT)
    #expect(explorer.waitForPrompt(2))
    let afterSpinner = try #require(
      explorer.pty.screen.components(separatedBy: "(Ctrl-C cancels)").last)
    #expect(afterSpinner.contains("\r\u{1B}[Kerror: cancelled"), "\(afterSpinner)")
    explorer.pty.type(":quit\r")
    #expect(explorer.exitStatus() == 0)
  }

  @Test func ctrlCEndsAScriptWithExitCodeTwo() throws {
    let server = try stallingServer()
    defer { server.stop() }
    let process = Process()
    process.executableURL = BuiltExplorer.executable
    process.arguments = [
      "--live", "--api-url", server.baseURL.absoluteString, "-c", ":search swinject", "-c",
      ":open 1",
    ]
    process.environment = InstrumentationEnvironment.adding(to: [
      "NO_COLOR": "1", "HOME": FileManager.default.temporaryDirectory.path,
    ])
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    #expect(waitForRequest(to: server))
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == "error: cancelled\n")
    #expect(server.requests.count == 1)
  }

  /// Explorer on the live API of `stallingServer()`, past its first prompt, with
  /// `:search swinject` typed: the request is on its way, and no answer will come.
  private func searchAgainstAStallingServer(
    controllingTerminal: Bool = false
  ) throws -> (server: ReplayServer, explorer: InteractiveExplorer) {
    let server = try stallingServer()
    do {
      let explorer = try InteractiveExplorer(
        state: try ScratchFolder(),
        arguments: ["--live", "--api-url", server.baseURL.absoluteString],
        controllingTerminal: controllingTerminal)
      #expect(explorer.waitForPrompt(1))
      explorer.pty.type(":search swinject\r")
      return (server, explorer)
    } catch {
      server.stop()
      throw error
    }
  }

  private func stallingServer() throws -> ReplayServer {
    try ReplayServer(
      archive: try ExchangeArchive.load(from: BundledFixtures.folder),
      faults: [.stall(seconds: 15)])
  }

  /// Waits until the server has received a request, so the signal lands while it is in flight.
  private func waitForRequest(to server: ReplayServer) -> Bool {
    let deadline = Date().addingTimeInterval(PseudoTerminal.patience)
    while server.requests.isEmpty, Date() < deadline { usleep(10_000) }
    return !server.requests.isEmpty
  }
}
