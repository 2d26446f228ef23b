import ExplorerREPL
import Foundation
import Testing

/// What explorer can answer offline is listed, every command listed works, and what is not
/// recorded says how to record it.
@MainActor
@Suite struct RecordingsTests {
  func listed() async -> [String] {
    let harness = ExplorerHarness()
    _ = await harness.run([":recordings"])
    return harness.console.output.dropFirst().map {
      $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  (")[0]
    }
  }

  @Test func recordingsListsTheRecordedSearchesAndRepositories() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":recordings"])
    #expect(code == .success)
    #expect(harness.console.output.first?.hasPrefix("Recorded in ") == true)
    #expect(harness.console.output.contains("  :search swift  (2 pages)"))
    #expect(harness.console.output.contains("  :open apple/swift  (and :readme)"))
    #expect(harness.console.output.contains("  :search kubernetes  (GitHub answered 403)"))
  }

  @Test func everyListedCommandIsAnsweredOffline() async {
    let commands = await listed()
    #expect(commands.count > 40)
    for command in commands {
      let harness = ExplorerHarness()
      _ = await harness.run([command])
      #expect(
        !harness.console.failures.contains { $0.contains("no recording") },
        "\(command): \(harness.console.failures)")
    }
  }

  @Test func everyExampleInHelpIsAnsweredOffline() async {
    let help = ExplorerHarness()
    _ = await help.run([":help search", ":help open", ":help web"])
    let examples = help.console.output.flatMap { line in
      line.components(separatedBy: "Example: ").dropFirst().flatMap {
        $0.components(separatedBy: ", ")
      }
    }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(":") }
    #expect(!examples.isEmpty)
    for example in examples {
      let harness = ExplorerHarness()
      _ = await harness.run(example == ":open 2" ? [":search swift", example] : [example])
      #expect(harness.console.failures.isEmpty, "\(example): \(harness.console.failures)")
    }
  }

  @Test func aSmallerLimitOfARecordedSearchIsAnswered() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":search swift --limit 3"])
    #expect(code == .success)
    #expect(harness.console.output.count == 3)
    #expect(harness.console.errors.last?.hasPrefix("Showing 3 of 481,236") == true)
  }

  @Test func anUnrecordedCommandSaysHowToRecordIt() async throws {
    let harness = ExplorerHarness()
    let code = await harness.run([":search nothing recorded here"])
    #expect(code == .commandFailed)
    let failure = try #require(harness.console.failures.first)
    #expect(failure.contains("— :recordings lists what is recorded; to record this one"))
    #expect(failure.hasSuffix(" -c ':search nothing recorded here'"))
    #expect(failure.contains("explorer --live --record "))
  }

  @Test func jsonListsTheCommandsAsObjects() async throws {
    let harness = ExplorerHarness()
    _ = await harness.run([":recordings"], arguments: ["--json"])
    let object = try JSONSerialization.jsonObject(with: Data(harness.console.output[0].utf8))
    let commands = (object as? [String: Any])?["commands"] as? [[String: Any]]
    #expect(
      commands?.contains { $0["command"] as? String == ":search swift" && $0["pages"] as? Int == 2 }
        == true)
  }
}
