import ExplorerPlatform
import ExplorerREPL
import ExplorerTestSupport
import Foundation
import Testing

/// `--live`, `--api-url` and `--record` against a loopback server replaying the bundled
/// recordings over real HTTP.
@MainActor
@Suite struct LiveModeTests {
  @Test func liveModeAsksTheAPIRootItWasGiven() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":search swinject", ":open 1"], live: ["--live", "--api-url", server.baseURL.absoluteString])
    #expect(code == .success)
    #expect(server.requests.map(\.target).contains("/repos/Swinject/Swinject"))
    #expect(harness.console.output.contains("Swinject/Swinject"))
  }

  @Test func modeSwapsTheStoreWhileTheSessionRuns() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":search swinject", ":mode live", ":search swinject", ":mode fixtures", ":open 1", ":env"],
      arguments: ["--api-url", server.baseURL.absoluteString])
    #expect(code == .success)
    #expect(server.requests.map(\.target) == ["/search/repositories?q=swinject&per_page=10&page=1"])
    #expect(harness.console.errors.filter { $0.hasPrefix("Showing 3 of 3") }.count == 2)
    #expect(harness.console.output.contains { $0.hasPrefix("mode: live (http://127.0.0.1:") })
    #expect(harness.console.output.contains { $0.hasPrefix("mode    fixtures (") })
  }

  @Test func recordingWritesFixturesThatReplayTheSameSession() async throws {
    let server = try ReplayServer(archive: try ExchangeArchive.load(from: BundledFixtures.folder))
    defer { server.stop() }
    let recordings = try TemporaryFixtures()
    let live = ExplorerHarness()
    _ = await live.run(
      [":search swinject", ":open 2"],
      live: [
        "--live", "--api-url", server.baseURL.absoluteString, "--record", recordings.folder.path,
      ])
    #expect(
      recordings.files.sorted() == [
        "repos/Swinject/SwinjectAutoregistration/readme.json",
        "repos/Swinject/SwinjectAutoregistration/repository.json",
        "search/swinject.per-10.page-1.json",
      ])
    let replay = ExplorerHarness()
    _ = await replay.run(
      [":search swinject", ":open 2"], live: ["--fixtures", recordings.folder.path])
    #expect(replay.console.output == live.console.output)
    #expect(replay.console.failures.isEmpty)
  }

  @Test func aRefusedTokenExitsWithFour() async throws {
    let server = try ReplayServer(
      archive: try ExchangeArchive.load(from: BundledFixtures.folder),
      faults: [.respond(status: 401, headers: [:], body: #"{"message": "Bad credentials"}"#)])
    defer { server.stop() }
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":search swinject"], live: ["--live", "--api-url", server.baseURL.absoluteString])
    #expect(code == .authenticationRequired)
    #expect(harness.console.errors.count == 1)
    #expect(harness.console.errors.first?.hasPrefix("error: unauthorized: Bad credentials") == true)
  }

  @Test(
    arguments: [
      (
        ["--record", "somewhere"],
        "explorer: --record needs --live: only live exchanges can be recorded"
      ),
      (
        ["--live", "--fixtures", "Fixtures/github"],
        "explorer: --fixtures and --live exclude each other"
      ),
      (["--fixtures", "/no/such/folder"], "explorer: --fixtures: no folder at /no/such/folder"),
      (["--live", "--record", "/bin/sh"], "explorer: --record: /bin/sh is a file, not a folder"),
      (
        ["--live", "--api-url", "ftp://example.com"],
        "explorer: --api-url needs an http(s) URL, not \"ftp://example.com\""
      ),
      (["-c"], "explorer: -c needs a value"),
      (["--keep-going=yes"], "explorer: --keep-going takes no value"),
      (["search"], "explorer: unexpected argument \"search\" (commands go after -c)"),
    ] as [([String], String)])
  func aBadCommandLineExitsWithSixtyFour(arguments: [String], message: String) async {
    let console = CapturedConsole()
    let code = await Explorer.main(
      arguments: ["explorer"] + arguments, environment: [:], console: console,
      terminal: TerminalFacts(
        environment: [:], standardInputIsTerminal: false, standardOutputIsTerminal: false,
        windowColumns: 100),
      catchesInterrupts: false)
    #expect(code == .usage)
    #expect(console.errors.first == message)
  }
}
