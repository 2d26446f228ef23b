import ExplorerREPL
import Testing

/// How `:deps` prints the graph of the screen on display.
@MainActor
@Suite struct DependencyOutputTests {
  /// 40 columns is the narrowest width explorer lays out for.
  @Test func theTreeFitsANarrowTerminalAndSaysWhereItCut() async {
    var harness = ExplorerHarness()
    harness.columns = 40
    let code = await harness.run([":search swift", ":open 1", ":deps"])
    #expect(code == .success)
    let tree = harness.console.output.drop { !$0.hasPrefix("Resolved for") }
    #expect(tree.count > 2)
    #expect(tree.allSatisfy { $0.count <= 40 })
    #expect(tree.contains { $0.hasSuffix("…") })
  }

  @Test func theTreeIsPrintedWholeWhenItFits() async {
    var harness = ExplorerHarness()
    harness.columns = 400
    _ = await harness.run([":search swift", ":open 1", ":deps"])
    let tree = harness.console.output.drop { !$0.hasPrefix("Resolved for") }
    #expect(tree.contains { $0.contains("Container.repositoryStore: RepositoryStore [cached]") })
    #expect(!tree.contains { $0.hasSuffix("…") })
  }

  @Test func theGraphIsOfTheScreenOnDisplayAndRecordedWhenAsked() async {
    let harness = ExplorerHarness()
    _ = await harness.run([":search swift", ":open 1", ":back", ":deps"])
    let tree = harness.console.output.drop { !$0.hasPrefix("Resolved for") }
    #expect(tree.first == "Resolved for search \"swift\":")
    #expect(tree.dropFirst().first == "Container.searchViewModel: SearchViewModel [unique]")
    #expect(!tree.contains { $0.contains("Container.repositoryViewModel") })
  }

  @Test(arguments: ["--mermaid", "--dot"])
  func machineFormatsAreNeverCut(flag: String) async {
    var harness = ExplorerHarness()
    harness.columns = 40
    _ = await harness.run([":search swift", ":open 1", ":deps \(flag)"])
    let graph = harness.console.output.filter { $0.contains("Container.") }
    #expect(graph.contains { $0.count > 40 })
    #expect(!graph.contains { $0.hasSuffix("…") })
  }
}

/// Piped output with no `COLUMNS` has no width to fit, so the tree is printed whole.
@Suite struct DependencyOutputThroughAPipeTests {
  @Test func withNoKnownWidthTheTreeIsPrintedWhole() throws {
    let run = try BuiltExplorer.run([], input: ":search swift\n:deps\n")
    let tree = run.stdout.split(separator: "\n").drop { !$0.hasPrefix("Resolved for") }
    #expect(tree.contains { $0.contains("fixtureRepositoryStore(") && $0.hasSuffix("[cached]") })
    #expect(!tree.contains { $0.hasSuffix("…") })
  }
}
