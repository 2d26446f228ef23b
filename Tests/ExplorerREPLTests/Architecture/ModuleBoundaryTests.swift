import Foundation
import Testing

/// ExplorerREPL reaches ExplorerPlatform only through its composition root, and GitHub's URL
/// scheme is spelled out in ExplorerPlatform alone.
@Suite struct ModuleBoundaryTests {
  /// `Sources/ExplorerREPL`, found from this source file so tests run from any working directory.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Architecture
    .deletingLastPathComponent()  // ExplorerREPLTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("Sources/ExplorerREPL", isDirectory: true)

  /// Each Swift file of ExplorerREPL, by its path in the module, with its text.
  static func sources() throws -> [(file: String, text: String)] {
    let files = (FileManager.default.subpaths(atPath: folder.path) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    return try files.map { file in
      (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }
  }

  /// Whether `line` imports ExplorerPlatform, or a declaration from it, however qualified.
  static func importsPlatform(_ line: Substring) -> Bool {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard let index = words.firstIndex(of: "import") else { return false }
    return words[(index + 1)...].contains {
      $0 == "ExplorerPlatform" || $0.hasPrefix("ExplorerPlatform.")
    }
  }

  @Test func onlyTheCompositionRootImportsExplorerPlatform() throws {
    let sources = try Self.sources()
    #expect(sources.count > 50, "no sources under \(Self.folder.path)")
    let importers = sources.filter { source in
      source.text.split(separator: "\n").contains(where: Self.importsPlatform)
    }.map(\.file)
    #expect(importers.allSatisfy { $0 == "Composition/CompositionRoot.swift" }, "\(importers)")
  }

  @Test(arguments: ["/repos/", "/search/", #""repos""#, #""repositories""#, "per_page"])
  func gitHubsRequestPathsAreNotSpelledOut(pattern: String) throws {
    let files = try Self.sources().filter { $0.text.contains(pattern) }.map(\.file)
    #expect(files.isEmpty, "\(pattern) in \(files)")
  }

  @Test func theImportCheckSeesEveryFormOfImport() {
    #expect(Self.importsPlatform("import ExplorerPlatform"))
    #expect(Self.importsPlatform("internal import ExplorerPlatform"))
    #expect(Self.importsPlatform("@testable import ExplorerPlatform"))
    #expect(Self.importsPlatform("import struct ExplorerPlatform.GitHubToken"))
    #expect(!Self.importsPlatform("internal import ExplorerPresentation"))
    #expect(!Self.importsPlatform("// ExplorerPlatform is imported by the root"))
  }
}
