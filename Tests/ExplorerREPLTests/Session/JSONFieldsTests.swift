import Foundation
import Testing

@testable import ExplorerREPL

/// `--json FIELDS` keeps the fields asked for, as gh's `--json` does.
@MainActor
@Suite struct JSONFieldsTests {
  @Test func onlyTheFieldsAskedForAreKeptInRowsToo() async throws {
    let harness = ExplorerHarness()
    _ = await harness.run(
      [":search swinject", ":open 1"], arguments: ["--json", "full_name,stars"])
    #expect(harness.console.output.count == 2)
    let search = try #require(
      try JSONSerialization.jsonObject(with: Data(harness.console.output[0].utf8)) as? [String: Any]
    )
    #expect(Set(search.keys) == ["screen", "items"])
    let rows = try #require(search["items"] as? [[String: Any]])
    #expect(rows.allSatisfy { Set($0.keys) == ["full_name", "stars"] })
    #expect(
      harness.console.output[1]
        == #"{"full_name":"Swinject/Swinject","screen":"repository","stars":6421}"#)
  }

  @Test(arguments: [["--json=full_name"], ["--json", "full_name"]])
  func fieldsFollowJSONEitherWay(arguments: [String]) throws {
    #expect(try LaunchOptions.parse(arguments).jsonFields == ["full_name"])
  }

  @Test func jsonAloneBeforeAnotherOptionTakesNoFields() throws {
    let options = try LaunchOptions.parse(["--json", "-c", ":home"])
    #expect(options.json)
    #expect(options.jsonFields == nil)
    #expect(options.commands == [":home"])
  }

  @Test func anUnknownFieldIsAUsageErrorThatListsTheFields() {
    #expect {
      try LaunchOptions.parse(["--json", "full_nme"])
    } throws: { error in
      let message = (error as? UsageError)?.message ?? ""
      return message.hasPrefix("unknown --json field \"full_nme\": use archived, ")
        && message.contains("full_name")
    }
  }

  @Test(arguments: [["--json", ""], ["--json=,"], ["--json", ",,"]])
  func anEmptyFieldListIsAUsageError(arguments: [String]) {
    #expect {
      try LaunchOptions.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message.hasPrefix("--json needs field names") == true
    }
  }

  /// Every field any screen prints can be asked for.
  @Test func everyFieldPrintedIsOneThatCanBeAskedFor() async throws {
    let harness = ExplorerHarness()
    _ = await harness.run(
      [
        ":search swinject", ":open 1", ":readme", ":deps", ":home", ":help", ":env", ":history",
        ":mode fixtures", ":recordings", ":web apple/swift",
      ], arguments: ["--json"])
    var keys: Set<String> = []
    func collect(_ value: Any) {
      if let object = value as? [String: Any] {
        keys.formUnion(object.keys)
        object.values.forEach(collect)
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    for line in harness.console.output {
      collect(try JSONSerialization.jsonObject(with: Data(line.utf8)))
    }
    keys.remove("screen")
    // `:env`'s facts are a dictionary of names, not fields.
    keys.subtract(["token", "colour", "dates", "width"])
    #expect(keys.subtracting(JSONOutput.fields).isEmpty, "\(keys.subtracting(JSONOutput.fields))")
  }
}
