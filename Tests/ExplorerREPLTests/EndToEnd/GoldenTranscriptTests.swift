import Foundation
import Testing

/// Scripted sessions run through the built `explorer` binary on the bundled fixtures, compared
/// with checked-in transcripts: standard output, standard error and the exit code.
@Suite struct GoldenTranscriptTests {
  @Test(arguments: Transcript.all)
  func sessionPrintsWhatItsTranscriptSays(transcript: Transcript) throws {
    let actual = try transcript.actual()
    if ProcessInfo.processInfo.environment["EXPLORER_UPDATE_TRANSCRIPTS"] == "1" {
      try Data(actual.utf8).write(to: transcript.expectedURL)
    }
    let expected = try String(contentsOf: transcript.expectedURL, encoding: .utf8)
    #expect(
      actual == expected,
      "\(transcript.name): run with EXPLORER_UPDATE_TRANSCRIPTS=1 to see the diff")
  }

  @Test func thereAreTranscriptsToCompare() {
    #expect(Transcript.all.count >= 12)
  }

  @Test func noTranscriptPrintsAnEscapeSequence() throws {
    for transcript in Transcript.all {
      let expected = try String(contentsOf: transcript.expectedURL, encoding: .utf8)
      #expect(!expected.unicodeScalars.contains("\u{1B}"), "\(transcript.name)")
    }
  }
}
