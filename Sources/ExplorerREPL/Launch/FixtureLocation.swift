package import Foundation

/// Finds the bundled `Fixtures/github` folder, whether explorer runs through `swift run` from
/// the package root or as the built binary from anywhere else.
package enum FixtureLocation {
  /// The bundled fixtures folder; the first candidate that exists, else the source checkout's.
  package static func bundled(
    executable: String = CommandLine.arguments.first ?? "",
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> URL {
    let candidates =
      [checkout] + ancestors(of: executable) + [URL(fileURLWithPath: currentDirectory)]
    let folders = candidates.map { $0.appendingPathComponent("Fixtures/github", isDirectory: true) }
    return folders.first(where: isFolder) ?? folders[0]
  }

  /// The package root this file was compiled in.
  private static var checkout: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Launch
      .deletingLastPathComponent()  // ExplorerREPL
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // the package root
  }

  /// The folders above the executable: `.build/debug/explorer` sits three below the root.
  private static func ancestors(of executable: String) -> [URL] {
    guard !executable.isEmpty else { return [] }
    var url = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    var result: [URL] = []
    for _ in 0..<5 {
      result.append(url)
      url = url.deletingLastPathComponent()
    }
    return result
  }

  /// Whether a folder exists at `url`.
  static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
