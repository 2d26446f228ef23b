import ExplorerREPL
import ExplorerTestSupport
import Foundation
import Testing

@MainActor
@Suite struct ScriptModeTests {
  @Test func aScriptFileRunsUntilItsFirstFailingLine() async throws {
    let folder = try TemporaryFixtures()
    try folder.writeRaw("script.explorer", "# browse\n:search swinject\n\n:open 9\n:open 1\n")
    let harness = ExplorerHarness()
    let code = await harness.run(
      [], arguments: ["-f", folder.folder.appendingPathComponent("script.explorer").path])
    #expect(code == .commandFailed)
    #expect(
      harness.console.errors == [
        "error: there is no row 9: rows go from 1 to 3 — pick a row from 1 to 3, or :open owner/name"
      ])
    #expect(!harness.console.output.contains("Swinject/Swinject"))
  }

  @Test func keepGoingRunsEveryLineAndStillReportsTheFailure() async throws {
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":search swinject", ":open 9", ":open 1"], arguments: ["--keep-going"])
    #expect(code == .commandFailed)
    #expect(harness.console.output.contains("Swinject/Swinject"))
  }

  @Test func quitStopsTheScriptWithSuccess() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":quit", ":open 9"])
    #expect(code == .success)
    #expect(harness.console.errors.isEmpty)
  }

  @Test func aMissingScriptFileIsAUsageError() async {
    let harness = ExplorerHarness()
    let code = await harness.run([], arguments: ["-f", "/no/such/script"])
    #expect(code == .usage)
    #expect(harness.console.errors == ["explorer: cannot read the script /no/such/script"])
  }

  @Test func helpDocumentsEveryExitCode() async {
    let harness = ExplorerHarness()
    let code = await harness.run([], arguments: ["--help"])
    #expect(code == .success)
    let help = harness.console.output.joined(separator: "\n")
    for exitCode in ExitCode.allCases {
      #expect(help.contains("  \(exitCode.rawValue)"), "exit code \(exitCode.rawValue)")
    }
    #expect(help.contains("--record DIR"))
  }
}
