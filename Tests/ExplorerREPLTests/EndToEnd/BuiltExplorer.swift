import ExplorerTestSupport
import Foundation

/// Runs the built `explorer` binary as a user would: its own process, a script on standard
/// input, and standard output and error captured apart.
enum BuiltExplorer {
  /// What one run printed and how it ended.
  struct Run: Equatable {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// The executable `swift build` put next to the test bundle.
  static var executable: URL {
    #if os(macOS)
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("explorer")
    }
    #endif
    return Bundle.main.bundleURL.appendingPathComponent("explorer")
  }

  /// Runs explorer with `arguments` and `input` on standard input, from a scratch working
  /// directory (so the bundled fixtures must be found without help), colour off.
  static func run(_ arguments: [String], input: String = "") throws -> Run {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-run-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let files = ["stdin", "stdout", "stderr"].map { scratch.appendingPathComponent($0) }
    try Data(input.utf8).write(to: files[0])
    _ = FileManager.default.createFile(atPath: files[1].path, contents: nil)
    _ = FileManager.default.createFile(atPath: files[2].path, contents: nil)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = scratch
    process.environment = InstrumentationEnvironment.adding(to: [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": scratch.path,
      "XDG_STATE_HOME": scratch.appendingPathComponent("state").path,
      "NO_COLOR": "1",
      "TERM": "dumb",
    ])
    process.standardInput = try FileHandle(forReadingFrom: files[0])
    process.standardOutput = try FileHandle(forWritingTo: files[1])
    process.standardError = try FileHandle(forWritingTo: files[2])
    try process.run()
    process.waitUntilExit()
    let read = { (url: URL) in
      String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
    return Run(stdout: read(files[1]), stderr: read(files[2]), status: process.terminationStatus)
  }
}
