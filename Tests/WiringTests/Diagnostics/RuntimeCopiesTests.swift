import Testing

@testable import Wiring

/// One copy of Wiring in a process says nothing; the message for two names both and the fix.
/// Two real copies are loaded in Tests/TwoCopies, which .ci/run runs.
@Suite struct RuntimeCopiesTests {
  @Test func aProcessWithOneCopyReportsNothing() {
    #expect(RuntimeCopies.loadedImages().count == 1)
    #expect(runtimeCopiesAtFirstUse.count == 1)
    #expect(RuntimeCopies.report() == nil)
  }

  @Test func theReportNamesEveryImageAndTheFix() throws {
    let message = try #require(
      RuntimeCopies.message(for: ["/App.app/App", "/App.app/PlugIns/AppTests.xctest/AppTests"]))
    #expect(
      message.hasPrefix(
        "2 copies of Wiring are loaded in this process, in /App.app/App, "
          + "/App.app/PlugIns/AppTests.xctest/AppTests."))
    #expect(
      message.hasSuffix(
        "Link Wiring into one image only (the app, or a framework that the app and its tests share), or as a dynamic library."
      ))
    #expect(RuntimeCopies.message(for: ["/App.app/App"]) == nil)
  }
}
