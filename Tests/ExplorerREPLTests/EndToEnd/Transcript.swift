import ExplorerTestSupport
import Foundation
import Testing

@testable import ExplorerREPL

/// A scripted session checked in under `Transcripts/`: `NAME.session` holds the lines typed
/// (and, on `# arguments:` lines, the command-line arguments); `NAME.expected` holds what
/// explorer printed and how it exited.
///
/// To accept new output after a deliberate change, run the tests with
/// `EXPLORER_UPDATE_TRANSCRIPTS=1` and review the diff of `Transcripts/`.
struct Transcript: CustomTestStringConvertible, Sendable {
  let name: String

  var testDescription: String { name }

  static var folder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // EndToEnd
      .deletingLastPathComponent()  // ExplorerREPLTests
      .appendingPathComponent("Transcripts", isDirectory: true)
  }

  static var all: [Transcript] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".session") }.sorted()
      .map { Transcript(name: String($0.dropLast(".session".count))) }
  }

  var session: String {
    (try? String(contentsOf: Self.folder.appendingPathComponent("\(name).session"), encoding: .utf8))
      ?? ""
  }

  var expectedURL: URL { Self.folder.appendingPathComponent("\(name).expected") }

  /// The arguments from the session's `# arguments:` lines.
  var arguments: [String] {
    session.split(separator: "\n")
      .filter { $0.hasPrefix("# arguments:") }
      .flatMap { line in
        (try? Tokenizer.words(in: String(line.dropFirst("# arguments:".count)))) ?? []
      }
  }

  /// Runs the session through the built binary and writes the result as `.expected` reads.
  func actual() throws -> String {
    let run = try BuiltExplorer.run(arguments, input: session)
    let fixtures = BundledFixtures.folder.path
    func clean(_ text: String) -> String {
      text.replacingOccurrences(of: fixtures, with: "<fixtures>")
    }
    return """
      $ \((["explorer"] + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }).joined(separator: " ")) < \(name).session
      --- stdout
      \(clean(run.stdout))--- stderr
      \(clean(run.stderr))--- exit \(run.status)

      """
  }
}
