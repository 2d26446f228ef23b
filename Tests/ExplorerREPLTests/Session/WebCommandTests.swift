import ExplorerREPL
import Foundation
import Testing

/// `:web` opens a repository in the browser, and prints its address whether it could or not.
@MainActor
@Suite struct WebCommandTests {
  @Test func withoutABrowserTheAddressIsPrinted() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":web apple/swift"])
    #expect(code == .success)
    #expect(harness.console.output == ["https://github.com/apple/swift"])
    #expect(harness.console.errors == ["no browser to open it with: set BROWSER to one"])
  }

  @Test(arguments: ["true", "true %s", "/bin/true:firefox"])
  func browserOpensIt(browser: String) async {
    let harness = ExplorerHarness()
    let code = await harness.run([":web apple/swift"], environment: ["BROWSER": browser])
    #expect(code == .success)
    #expect(harness.console.output == ["https://github.com/apple/swift"])
    #expect(harness.console.errors.first?.hasPrefix("opened in the browser (") == true)
  }

  @Test func aBrowserThatIsNotThereIsANoteNotAFailure() async {
    let harness = ExplorerHarness()
    let code = await harness.run(
      [":web apple/swift"], environment: ["BROWSER": "/no/such/browser"])
    #expect(code == .success)
    #expect(harness.console.errors == ["could not open it with /no/such/browser: not found"])
  }

  @Test func theOpenRepositoryIsTheDefault() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":open swinject/swinject", ":web"])
    #expect(harness.console.output.last == "https://github.com/Swinject/Swinject")
  }

  @Test func withNothingOpenItSaysWhatToDo() async {
    let harness = ExplorerHarness()
    let code = await harness.run([":web"])
    #expect(code == .commandFailed)
    #expect(
      harness.console.errors == [
        "error: :web needs an open repository — open one with :open N or :open OWNER/NAME, or type :web OWNER/NAME"
      ])
  }

  @Test func jsonSaysWhetherItOpened() async throws {
    let harness = ExplorerHarness()
    _ = await harness.run([":web apple/swift"], arguments: ["--json"])
    let object = try JSONSerialization.jsonObject(with: Data(harness.console.output[0].utf8))
    let web = object as? [String: Any]
    #expect(web?["url"] as? String == "https://github.com/apple/swift")
    #expect(web?["opened"] as? Bool == false)
  }
}
