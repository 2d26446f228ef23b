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
    let script = folder.folder.appendingPathComponent("script.explorer").path
    #expect(
      harness.console.failures == [
        "\(script):4: error: there is no row 9: rows go from 1 to 3 — pick one of those, or :open owner/name"
      ])
    #expect(!harness.console.output.contains("Swinject/Swinject"))
  }

  @Test func aScriptWithWindowsLineEndingsRunsLineByLine() async throws {
    let folder = try TemporaryFixtures()
    try folder.writeRaw("script.explorer", ":search swinject\r\n:open 9\r\n")
    let harness = ExplorerHarness()
    let script = folder.folder.appendingPathComponent("script.explorer").path
    let code = await harness.run([], arguments: ["-f", script])
    #expect(code == .commandFailed)
    #expect(
      harness.console.errors.contains { $0.hasPrefix("\(script):2: error: there is no row 9") })
  }

  @Test(arguments: [
    (["--color", "always"], ColorChoice.always), (["--color=never"], .never),
    (["--colour", "auto"], .auto), (["--no-color"], .never), ([], .auto),
  ])
  func colorIsChosenOnTheCommandLine(arguments: [String], choice: ColorChoice) throws {
    #expect(try LaunchOptions.parse(arguments).color == choice)
  }

  @Test func colorAlwaysColoursOutputThatIsNotATerminal() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swinject"], arguments: ["--color", "always"])
    #expect(harness.console.errors.joined().contains("\u{1B}["))
  }

  @Test(arguments: [
    (["--color", "sometimes"], "--color takes always, never or auto, not \"sometimes\""),
    (["--", "-c"], "unexpected argument \"-c\" (commands go after -c)"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) {
    #expect {
      try LaunchOptions.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message == message
    }
  }

  @Test func doubleDashEndsTheOptions() throws {
    #expect(try LaunchOptions.parse(["--json", "--"]).json)
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
    #expect(harness.console.failures.isEmpty)
  }

  @Test func aMissingScriptFileIsAUsageError() async {
    let harness = ExplorerHarness()
    let code = await harness.run([], arguments: ["-f", "/no/such/script"])
    #expect(code == .usage)
    #expect(
      harness.console.errors == [
        "explorer: cannot read the script /no/such/script: there is no such file"
      ])
  }

  @Test func aFolderGivenAsTheScriptIsAUsageError() async {
    let folder = FileManager.default.temporaryDirectory.path
    let harness = ExplorerHarness()
    #expect(await harness.run([], arguments: ["-f", folder]) == .usage)
    #expect(
      harness.console.errors == ["explorer: cannot read the script \(folder): it is a folder"])
  }

  @Test func aScriptThatIsNotUTF8RunsNothingAndNamesTheLine() async throws {
    let script = try scriptFile(Array(":help quit\n:search sw".utf8) + [0xFF] + Array("ift\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: script) }
    let harness = ExplorerHarness()
    #expect(await harness.run([], arguments: ["-f", script]) == .usage)
    #expect(harness.console.output.isEmpty)
    #expect(
      harness.console.errors == ["explorer: the script \(script) is not UTF-8 text: see line 2"])
  }

  @Test func aScriptWithAByteOrderMarkAndCRLFRunsEveryLine() async throws {
    let script = try scriptFile([0xEF, 0xBB, 0xBF] + Array(":help quit\r\n:help back\r\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: script) }
    let harness = ExplorerHarness()
    #expect(await harness.run([], arguments: ["-f", script]) == .success)
    #expect(harness.console.output.first == ":quit")
    #expect(harness.console.output.contains(":back"))
  }

  @Test func aPipedLineThatIsNotUTF8FailsAloneAndIsNotGuessed() async {
    var harness = ExplorerHarness()
    harness.piped = Array(":help quit\r\n:search sw".utf8) + [0xFF] + Array("ift\n:help back".utf8)
    #expect(await harness.run([], arguments: ["--keep-going"]) == .commandFailed)
    #expect(harness.console.output.first == ":quit")
    #expect(harness.console.output.contains(":back"))
    #expect(
      harness.console.errors == ["error: line 2 is not UTF-8 text — write the script as UTF-8"])
  }

  /// A script file in the temporary folder holding `bytes`.
  private func scriptFile(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-script-\(UUID().uuidString).txt").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
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
